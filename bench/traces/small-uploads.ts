// Small trace uploads (issue 33): what a client waits for to upload a 10 kB trace file, the way
// the original client's live suite does it many times over: an upload URL, the PUT, then
// `POST …/traces`, one file after another on an otherwise idle service. Reported: p50 and p90 of
// the three calls together, and of the POST alone. The target, p50 ≤ 80 ms, is the time this took
// before imports moved to threads (a thread loaded per upload made it ~260 ms).
import { createTestDatabase } from "@assay/test-kit/databases.ts";
import { freePort } from "@assay/test-kit/free-port.ts";
import { apiClient } from "../support/api-client.ts";
import { startAssayServe, stopProcess } from "../support/processes.ts";
import { generateTraceFile } from "../support/trace-file.ts";

export const SMALL_UPLOAD_TARGET_MS = 80;
const FILE_BYTES = 10_000;
/** A client's pause between files: long enough that nothing is kept warm by the one before. */
const PAUSE_MS = 300;

export interface SmallUploads {
  files: number;
  bytes: number;
  lines: number;
  /** Upload URL + PUT + POST …/traces, per file, and each of the three. */
  wholeMs: number[];
  urlMs: number[];
  putMs: number[];
  postMs: number[];
}

export async function runSmallUploads(apiKey: string, files: number): Promise<SmallUploads> {
  const { bytes, lines } = generateTraceFile("large", "jsonl", FILE_BYTES);
  const database = await createTestDatabase(process.env.DATABASE_URL ? "postgres" : "sqlite");
  const port = await freePort();
  const server = await startAssayServe({
    port,
    dataDir: database.dataDir,
    databaseUrl: database.url,
    apiKey,
    nodeFlags: [],
  });
  const api = apiClient(`http://127.0.0.1:${port}/api/v1`, apiKey);
  const wholeMs: number[] = [];
  const urlMs: number[] = [];
  const putMs: number[] = [];
  const postMs: number[] = [];
  try {
    const org = await api<{ data: { id: string; projects: { id: string }[] } }>(
      "GET",
      "/organizations",
    );
    const project = `/organizations/${org.data.id}/projects/${org.data.projects[0]?.id}`;
    for (let i = 0; i < files; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      const filename = `small-${i}.jsonl`;
      const start = performance.now();
      const upload = await api<{ data: { url: string; headers: Record<string, string> } }>(
        "POST",
        `${project}/traces/upload`,
        { filename, type: "application/jsonl", size: bytes.length },
      );
      const signed = performance.now();
      const put = await fetch(upload.data.url, {
        method: "PUT",
        headers: upload.data.headers,
        body: bytes,
      });
      if (!put.ok) throw new Error(`upload PUT: ${put.status} ${await put.text()}`);
      const posted = performance.now();
      const created = await api<{ data: { trace_ids: string[] } }>("POST", `${project}/traces`, {
        filename,
      });
      const end = performance.now();
      if (created.data.trace_ids.length !== lines)
        throw new Error(`expected ${lines} traces, got ${created.data.trace_ids.length}`);
      wholeMs.push(end - start);
      urlMs.push(signed - start);
      putMs.push(posted - signed);
      postMs.push(end - posted);
    }
    return { files, bytes: bytes.length, lines, wholeMs, urlMs, putMs, postMs };
  } finally {
    await stopProcess(server);
    await database.drop();
  }
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1)))] as number;
}

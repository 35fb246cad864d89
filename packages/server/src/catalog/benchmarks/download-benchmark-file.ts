import { randomUUID } from "node:crypto";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import type { BenchmarkDefinition } from "./benchmark-definition.ts";
import { BenchmarkDataError, BenchmarkDownloadError } from "./benchmark-errors.ts";
import { type LoadedBenchmark, readBenchmarkFile } from "./read-benchmark-file.ts";

/** Far above the largest built-in file (HellaSwag, tens of MiB); stops a bad mirror filling disk. */
const DEFAULT_MAX_BYTES = 512 * 1024 * 1024;

export interface DownloadBenchmarkOptions {
  /** The service data dir; files land in `<dataDir>/datasets/<key>/<filename>`. */
  dataDir: string;
  /** Replaces the canonical source with `<mirrorUrl>/<key>/<filename>` (air-gapped installs). */
  mirrorUrl?: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** Refuse bodies larger than this; 512 MiB unless given. */
  maxBytes?: number;
}

/** Where a benchmark's data file lives under a data dir, downloaded or not. */
export function benchmarkFilePath(definition: BenchmarkDefinition, dataDir: string): string {
  return join(dataDir, "datasets", definition.key, definition.source.filename);
}

/** A checked copy of a benchmark's data on disk, with what reading it gave. */
export interface DownloadedBenchmark {
  path: string;
  loaded: LoadedBenchmark;
}

/**
 * Makes sure a valid copy of the benchmark's data is on disk; answers its path and its prompts
 * (checking the file reads it whole, so the caller need not read it again). The body goes to a
 * temporary file beside the target and is renamed into place only once complete and accepted by
 * readBenchmarkFile, so a failed, partial or wrong download never leaves a file that a later run
 * would trust.
 */
export async function downloadBenchmarkFile(
  definition: BenchmarkDefinition,
  options: DownloadBenchmarkOptions,
): Promise<DownloadedBenchmark> {
  const target = benchmarkFilePath(definition, options.dataDir);
  const existing = await readValidFile(definition, target);
  if (existing) return { path: target, loaded: existing };

  const url = sourceUrl(definition, options.mirrorUrl);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const fetchImpl = options.fetch ?? fetch;
  const directory = dirname(target);
  await mkdir(directory, { recursive: true });
  const temporary = join(directory, `.${definition.source.filename}.${randomUUID()}.part`);

  try {
    // Unlike model endpoints (which never follow redirects), these are fixed, trusted URLs, and
    // Hugging Face answers every file with a redirect to its CDN.
    const response = await fetchImpl(url, { redirect: "follow", signal: options.signal });
    if (!response.ok || response.body === null) {
      await response.body?.cancel();
      throw new BenchmarkDownloadError(url, `answered HTTP ${response.status}`, {
        status: response.status,
      });
    }
    const declared = Number(response.headers.get("content-length"));
    if (declared > maxBytes) {
      await response.body.cancel();
      throw new BenchmarkDownloadError(url, `is ${declared} bytes, over the ${maxBytes} cap`);
    }
    await pipeline(
      response.body,
      async function* capSize(chunks: AsyncIterable<Uint8Array>) {
        let received = 0;
        for await (const chunk of chunks) {
          received += chunk.byteLength;
          if (received > maxBytes) {
            throw new BenchmarkDownloadError(url, `body exceeds the ${maxBytes} byte cap`);
          }
          yield chunk;
        }
      },
      // Opened before the pipeline: a stream that opens its file lazily may create it after a
      // failed pipeline's cleanup below has run, leaving the partial file behind.
      (await open(temporary, "wx")).createWriteStream(),
      { signal: options.signal },
    );
    const loaded = await readBenchmarkFile(definition, temporary);
    await rename(temporary, target);
    return { path: target, loaded };
  } catch (error) {
    await rm(temporary, { force: true });
    if (error instanceof BenchmarkDownloadError || error instanceof BenchmarkDataError) {
      throw error;
    }
    if (options.signal?.aborted) throw error;
    throw new BenchmarkDownloadError(url, `download failed (${(error as Error).message})`, {
      cause: error,
    });
  }
}

function sourceUrl(definition: BenchmarkDefinition, mirrorUrl: string | undefined): string {
  if (mirrorUrl === undefined) return definition.source.url;
  const base = mirrorUrl.replace(/\/+$/, "");
  return `${base}/${encodeURIComponent(definition.key)}/${encodeURIComponent(definition.source.filename)}`;
}

/** An existing file counts only if it still validates; a corrupt one is replaced. */
async function readValidFile(
  definition: BenchmarkDefinition,
  path: string,
): Promise<LoadedBenchmark | undefined> {
  try {
    await stat(path);
  } catch {
    return undefined;
  }
  try {
    return await readBenchmarkFile(definition, path);
  } catch (error) {
    if (error instanceof BenchmarkDataError) return undefined;
    throw error;
  }
}

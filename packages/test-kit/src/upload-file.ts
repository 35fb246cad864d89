import type { CreateUploadResponse } from "@assay/protocol";
import type { TestService } from "./test-service.ts";

/**
 * Uploads a file the way clients do: ask for a presigned URL on the project, then PUT the bytes
 * to it without an API key. Answers the upload id.
 */
export async function uploadFile(
  service: TestService,
  target: { key?: string; org: string; project: string; purpose?: "benchmark" | "trace" },
  filename: string,
  content: string | Buffer,
  type = "application/jsonl",
): Promise<string> {
  const bytes = typeof content === "string" ? Buffer.from(content) : content;
  const path =
    target.purpose === "trace"
      ? `/organizations/${target.org}/projects/${target.project}/traces/upload`
      : `/organizations/${target.org}/projects/${target.project}/upload`;
  const res = await service.call<CreateUploadResponse>("POST", path, {
    apiKey: target.key,
    json: { filename, type, size: bytes.length },
  });
  if (res.status !== 200) throw new Error(`upload URL refused: ${res.status} ${res.text}`);
  const put = await fetch(res.body.data.url, {
    method: "PUT",
    headers: res.body.data.headers,
    body: bytes,
  });
  if (!put.ok) throw new Error(`upload PUT refused: ${put.status} ${await put.text()}`);
  return res.body.data.upload_id;
}

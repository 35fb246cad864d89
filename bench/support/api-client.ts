/** JSON calls to an Assay service's API with one key; a failed call throws with its status and body. */
export function apiClient(base: string, key: string) {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        "x-api-key": key,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
    return JSON.parse(text) as T;
  };
}

export type ApiCall = ReturnType<typeof apiClient>;

/**
 * Sends `bytes` as a client does: POST to `path` (a project's `/upload` or `/traces/upload`)
 * announces the file and answers a presigned URL, then a PUT sends it there.
 */
export async function presignedUpload(
  api: ApiCall,
  path: string,
  filename: string,
  bytes: Uint8Array,
): Promise<void> {
  const upload = await api<{ data: { url: string; headers: Record<string, string> } }>(
    "POST",
    path,
    { filename, type: "application/jsonl", size: bytes.length },
  );
  const put = await fetch(upload.data.url, {
    method: "PUT",
    headers: upload.data.headers,
    body: bytes,
  });
  if (!put.ok) throw new Error(`upload PUT: ${put.status} ${await put.text()}`);
}

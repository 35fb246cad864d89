import { contentTypeFor, type UploadTarget } from "@assay/client";
import { MAX_UPLOAD_BYTES } from "@assay/protocol";

/** Bytes sent of the file being uploaded. */
export interface UploadProgress {
  filename: string;
  loaded: number;
  total: number;
}

/** Why a file cannot be sent at all, before any request: the server would refuse it anyway. */
export function fileProblem(file: File): string | undefined {
  if (file.size === 0) return `${file.name} is empty`;
  if (file.size > MAX_UPLOAD_BYTES)
    return `${file.name} is ${megabytes(file.size)}; files are limited to 50 MiB`;
  return undefined;
}

export function megabytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** What a file is announced as (`POST …/upload` bodies): its name, content type and size. */
export interface AnnouncedFile {
  filename: string;
  type: string;
  size: number;
}

/**
 * Announces a file (a benchmark's `POST …/upload`, a trace file's `POST …/traces/upload`) and
 * PUTs it to the URL the server answers, as the SDK's uploads do, except that the PUT goes
 * through XMLHttpRequest: fetch cannot report how much of a request body has been sent, and a
 * 50 MiB file takes a while.
 */
export async function uploadFile(
  file: File,
  announce: (announced: AnnouncedFile) => Promise<UploadTarget>,
  onProgress: (progress: UploadProgress) => void,
): Promise<void> {
  const problem = fileProblem(file);
  if (problem) throw new Error(problem);
  const target = await announce({
    filename: file.name,
    type: contentTypeFor(file.name),
    size: file.size,
  });
  onProgress({ filename: file.name, loaded: 0, total: file.size });
  await put(target, file, (loaded) =>
    onProgress({ filename: file.name, loaded, total: file.size }),
  );
}

/** Exactly the announced headers, no credentials: the URL carries its own authorization. */
function put(target: UploadTarget, file: File, onProgress: (loaded: number) => void) {
  return new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("PUT", target.url);
    for (const [name, value] of Object.entries(target.headers))
      request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => onProgress(event.loaded);
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve();
      else reject(new Error(`${file.name} was not stored: ${refusal(request)}`));
    };
    request.onerror = () =>
      reject(new Error(`${file.name} was not stored: the connection to the server was lost`));
    request.send(file);
  });
}

/** The store's own message when it sent one (`{"error": {"message"}}`), else the status. */
function refusal(request: XMLHttpRequest): string {
  try {
    const message = (JSON.parse(request.responseText) as { error?: { message?: unknown } }).error
      ?.message;
    if (typeof message === "string") return `${message} (HTTP ${request.status})`;
  } catch {
    // Not JSON: S3 answers XML.
  }
  return `the storage answered HTTP ${request.status}`;
}

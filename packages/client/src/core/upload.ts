import { MAX_UPLOAD_BYTES } from "@assay/protocol";
import { ServiceError } from "../errors.ts";
import { type RequestBody, type SendOptions, send, type TransportDeps } from "./transport.ts";

/** File contents as browsers and Node both have them. */
export type UploadData = Uint8Array | ArrayBuffer | Blob;

/** The part of a presigned-upload answer (`UploadUrl` in the protocol) the PUT needs. */
export interface UploadTarget {
  url: string;
  headers: Readonly<Record<string, string>>;
}

/**
 * PUTs a file to a presigned URL. The URL carries its own authorization, so exactly the announced
 * headers are sent: no API key (it must never reach a storage provider) and no SDK headers (a
 * signed S3 request can be invalidated by headers it did not sign). The size is checked first so
 * a file over the limit costs no request at all.
 */
export async function putUpload(
  deps: TransportDeps,
  target: UploadTarget,
  data: UploadData,
  options: SendOptions,
): Promise<void> {
  const size = uploadSize(data);
  if (size > MAX_UPLOAD_BYTES) {
    throw new ServiceError(
      `File is ${size} bytes; uploads are limited to ${MAX_UPLOAD_BYTES} bytes (50 MiB).`,
    );
  }
  if (!URL.canParse(target.url)) {
    throw new ServiceError(`Upload URL is not absolute: ${target.url}`);
  }
  await send(
    deps,
    { method: "PUT", url: target.url, headers: { ...target.headers }, body: toBody(data) },
    options,
  );
}

export function uploadSize(data: UploadData): number {
  if (data instanceof Uint8Array || data instanceof ArrayBuffer) return data.byteLength;
  return data.size;
}

/** fetch takes views of ArrayBuffers only; a view of shared memory is copied first. */
function toBody(data: UploadData): RequestBody {
  if (!(data instanceof Uint8Array)) return data;
  return data.buffer instanceof ArrayBuffer ? (data as Uint8Array<ArrayBuffer>) : data.slice();
}

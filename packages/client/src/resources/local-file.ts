import { ServiceError } from "../errors.ts";

/**
 * The part of Node's `fs` that reading a file by path needs. Declared here because this package
 * type-checks without Node types (it runs in browsers, where only bytes and Blobs are passed).
 */
interface NodeFs {
  openAsBlob(path: string): Promise<Blob>;
  promises: { stat(path: string): Promise<{ isFile(): boolean }> };
}

// A variable, not a literal, so neither TypeScript nor a browser bundler tries to resolve it.
const NODE_FS = "node:fs";

/**
 * A file on disk as a Blob backed by the file: its size is known at once and its bytes are read
 * only while it is sent, so a large file is never held in memory. Node.js only.
 */
export async function openLocalFile(path: string): Promise<Blob> {
  let fs: Partial<NodeFs>;
  try {
    fs = (await import(/* @vite-ignore */ /* webpackIgnore: true */ NODE_FS)) as Partial<NodeFs>;
  } catch (error) {
    throw new ServiceError(
      "Reading a file by path needs Node.js; pass the file's contents (bytes or a Blob) instead.",
      { cause: error },
    );
  }
  if (typeof fs.openAsBlob !== "function") {
    throw new ServiceError(
      "Reading a file by path needs fs.openAsBlob (Node.js 20 or later); pass the file's contents instead.",
    );
  }
  const { openAsBlob, promises } = fs as NodeFs;
  try {
    // openAsBlob says only "Unable to open file as blob"; stat names the problem (ENOENT, EACCES…).
    if (!(await promises.stat(path)).isFile()) throw new Error("not a regular file");
    return await openAsBlob(path);
  } catch (error) {
    throw new ServiceError(`Cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
}

/** The last segment of a path, whichever separator the platform uses. */
export function baseName(path: string): string {
  return path.split(/[\\/]/).at(-1) ?? path;
}

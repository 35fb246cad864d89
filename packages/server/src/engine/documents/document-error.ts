/**
 * A document that cannot be turned into text. The message names the file, so a user who uploaded
 * twenty of them knows which one to fix; `reason` is the same message without the file name.
 */
export class DocumentError extends Error {
  override name = "DocumentError";
  readonly filename: string;
  readonly reason: string;

  constructor(filename: string, reason: string, options: { cause?: unknown } = {}) {
    super(`${filename}: ${reason}`, { cause: options.cause });
    this.filename = filename;
    this.reason = reason;
  }
}

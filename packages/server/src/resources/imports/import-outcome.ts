import type { ErrorCode, FieldIssue } from "@assay/protocol";
import { AppError } from "../../app-error.ts";
import { outOfSpaceError } from "../../platform/out-of-space.ts";

/**
 * An import's answer as plain data, to cross from an import thread: its value, or the AppError it
 * refused with (a bad file is an answer, not a crash; a full disk is one too). Anything else thrown
 * stays an exception.
 */
export type ImportOutcome<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      refused: { code: ErrorCode; message: string; details?: FieldIssue[]; retryAfter?: number };
    };

export async function toOutcome<T>(work: () => Promise<T>): Promise<ImportOutcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (thrown) {
    // A full disk crosses as its 503: only a message would (a bare 500), its codes lost.
    const error = outOfSpaceError(thrown) ?? thrown;
    if (!(error instanceof AppError)) throw error;
    const { code, message, details, retryAfterSeconds: retryAfter } = error;
    return { ok: false, refused: { code, message, details, retryAfter } };
  }
}

export function fromOutcome<T>(outcome: ImportOutcome<T>): T {
  if (outcome.ok) return outcome.value;
  const { code, message, details, retryAfter } = outcome.refused;
  throw new AppError(code, message, { details, retryAfterSeconds: retryAfter });
}

import { runBoundedThread, ThreadLimitError } from "../../platform/threads/bounded-thread.ts";
import { DocumentError } from "./document-error.ts";

/**
 * Reading a PDF is bounded: its streams are compressed, and a 4 MB file can expand to gigabytes
 * (tried: 9 GB and 53 s before these bounds). A real document's text layer needs a fraction of
 * either.
 */
const MAX_MEMORY_BYTES = 512 * 1024 * 1024;
const MAX_SECONDS = 60;

/**
 * The text of a PDF's text layer, page after page: pdf.js through unpdf (its serverless build:
 * pure JavaScript, no canvas), on a thread of its own (pdf-thread.ts) that is stopped past the
 * bounds above. The service's thread keeps its event loop, and a hostile file costs a failed
 * benchmark, not the process.
 *
 * Every failure is the document's (corrupt, encrypted, no text, too costly), so each becomes a
 * DocumentError naming the file: the benchmark fails with it instead of its job retrying.
 */
export async function extractPdfText(filename: string, bytes: Uint8Array): Promise<string> {
  // A copy of its own moves to the thread: the caller's bytes stay theirs.
  const copy = new Uint8Array(bytes);
  let text: string;
  try {
    text = (await oneAtATime(() =>
      runBoundedThread({
        entry: new URL("./pdf-thread.ts", import.meta.url),
        data: copy,
        transfer: [copy.buffer],
        maxMemoryBytes: MAX_MEMORY_BYTES,
        timeoutMs: MAX_SECONDS * 1000,
      }),
    )) as string;
  } catch (error) {
    throw new DocumentError(filename, costly(error) ?? (error as Error).message, { cause: error });
  }
  if (text.trim() === "")
    throw new DocumentError(
      filename,
      "the PDF has no text layer (a scan?): run text recognition on it first, or upload its text",
    );
  return text;
}

function costly(error: unknown): string | undefined {
  if (!(error instanceof ThreadLimitError)) return undefined;
  return error.limit === "memory"
    ? `reading the PDF needs more than ${MAX_MEMORY_BYTES / 1024 / 1024} MB (a stream that expands without end?)`
    : `reading the PDF takes more than ${MAX_SECONDS} s`;
}

/**
 * One PDF at a time in this process, so the bound holds for the process and not per job: the
 * workers' concurrent generation jobs would otherwise hold up to 512 MB each. PDFs are rare and
 * read in a second or less, so waiting costs little.
 */
let last: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = last.then(task, task);
  last = run.catch(() => undefined);
  return run;
}

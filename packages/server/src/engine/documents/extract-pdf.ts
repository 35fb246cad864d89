import { DocumentError } from "./document-error.ts";

/**
 * The text of a PDF's text layer, page after page: pdf.js through unpdf (its serverless build:
 * pure JavaScript, no worker thread, no canvas), imported on the first PDF, since it is 2 MB of
 * code most servers never need. pdf.js yields to the event loop between its steps, so reading a
 * document holds the loop for tens of milliseconds at a time, not for the whole file.
 *
 * Every failure is the document's (corrupt, encrypted, no text), so each becomes a DocumentError
 * naming the file: the benchmark fails with it instead of its job retrying.
 */
export async function extractPdfText(filename: string, bytes: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import("unpdf");
  let text: string;
  try {
    // A copy, as a plain Uint8Array: pdf.js refuses a Buffer, and may take (detach) the memory it
    // is given, which must stay the caller's.
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: PDFJS_ERRORS_ONLY });
    try {
      text = (await extractText(pdf, { mergePages: true })).text;
    } finally {
      await pdf.loadingTask.destroy();
    }
  } catch (error) {
    throw new DocumentError(filename, unreadable(error), { cause: error });
  }
  if (text.trim() === "")
    throw new DocumentError(
      filename,
      "the PDF has no text layer (a scan?): run text recognition on it first, or upload its text",
    );
  return text;
}

/** pdf.js's VerbosityLevel.ERRORS: its warnings about fonts and the like are not ours to log. */
const PDFJS_ERRORS_ONLY = 0;

function unreadable(error: unknown): string {
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === "PasswordException")
    return "the PDF is protected by a password: upload a copy without one";
  return `not a readable PDF (${typeof message === "string" ? message : String(error)})`;
}

// The thread extractPdfText (extract-pdf.ts) reads a PDF on: its workerData is the file's bytes,
// and it posts back the text of its text layer, or why there is none to read.
import { parentPort, workerData } from "node:worker_threads";
import { extractText, getDocumentProxy } from "unpdf";
import type { TaskReply } from "../../platform/threads/thread-pool.ts";

/** pdf.js's VerbosityLevel.ERRORS: its warnings about fonts and the like are not ours to log. */
const PDFJS_ERRORS_ONLY = 0;

async function read(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(bytes, { verbosity: PDFJS_ERRORS_ONLY });
  try {
    return (await extractText(pdf, { mergePages: true })).text;
  } finally {
    await pdf.loadingTask.destroy();
  }
}

function unreadable(error: unknown): string {
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === "PasswordException")
    return "the PDF is protected by a password: upload a copy without one";
  return `not a readable PDF (${typeof message === "string" ? message : String(error)})`;
}

const reply: TaskReply = await read(workerData as Uint8Array).then(
  (text) => ({ ok: true, value: text }),
  (error: unknown) => ({ ok: false, message: unreadable(error) }),
);
parentPort?.postMessage(reply);

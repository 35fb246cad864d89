import { DocumentError } from "./document-error.ts";
import { extractPdfText } from "./extract-pdf.ts";
import { CsvSyntaxError, parseCsv } from "./parse-csv.ts";
import { type RecordField, renderRecords } from "./render-records.ts";

export type DocumentKind = "text" | "markdown" | "json" | "csv" | "pdf";

export interface DocumentFile {
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface ExtractedText {
  text: string;
  kind: DocumentKind;
}

/** How a kind's bytes are laid out: JSON Lines are JSON, TSV is CSV with tabs. */
interface Format {
  kind: DocumentKind;
  jsonLines?: boolean;
  delimiter?: string;
}

const BY_EXTENSION: Record<string, Format> = {
  txt: { kind: "text" },
  text: { kind: "text" },
  md: { kind: "markdown" },
  markdown: { kind: "markdown" },
  mdx: { kind: "markdown" },
  json: { kind: "json" },
  jsonl: { kind: "json", jsonLines: true },
  ndjson: { kind: "json", jsonLines: true },
  csv: { kind: "csv", delimiter: "," },
  tsv: { kind: "csv", delimiter: "\t" },
  pdf: { kind: "pdf" },
};

const BY_CONTENT_TYPE: Record<string, Format> = {
  "text/plain": { kind: "text" },
  "text/markdown": { kind: "markdown" },
  "text/x-markdown": { kind: "markdown" },
  "application/json": { kind: "json" },
  "text/json": { kind: "json" },
  "application/jsonl": { kind: "json", jsonLines: true },
  "application/x-ndjson": { kind: "json", jsonLines: true },
  "application/x-jsonlines": { kind: "json", jsonLines: true },
  "text/csv": { kind: "csv", delimiter: "," },
  "application/csv": { kind: "csv", delimiter: "," },
  "text/tab-separated-values": { kind: "csv", delimiter: "\t" },
  "application/pdf": { kind: "pdf" },
};

const SUPPORTED = "PDF, plain text, Markdown, JSON, JSON Lines, CSV or TSV";

/**
 * The text of an uploaded document, ready to be chunked: plain text and Markdown as they are,
 * JSON and CSV rendered as readable records. The type comes from the file extension, then the
 * content type; a file with neither known is read as text if it is text. Throws `DocumentError`
 * (naming the file) for binary or non-UTF-8 content, unparseable JSON, CSV or PDF, and documents
 * with no text at all.
 */
export async function extractText(file: DocumentFile): Promise<ExtractedText> {
  const format = detectFormat(file);
  if (format?.kind === "pdf")
    return { text: (await extractPdfText(file.filename, file.bytes)).trim(), kind: "pdf" };
  const raw = decodeUtf8(file, format === undefined);
  const kind = format?.kind ?? "text";
  const text = toText(file.filename, raw, format ?? { kind }).trim();
  if (text === "") throw new DocumentError(file.filename, "the document has no text");
  return { text, kind };
}

function detectFormat(file: DocumentFile): Format | undefined {
  const dot = file.filename.lastIndexOf(".");
  const extension = dot > 0 ? file.filename.slice(dot + 1).toLowerCase() : "";
  const byExtension = Object.hasOwn(BY_EXTENSION, extension) ? BY_EXTENSION[extension] : undefined;
  if (byExtension) return byExtension;
  const mediaType = (file.contentType.split(";")[0] ?? "").trim().toLowerCase();
  if (Object.hasOwn(BY_CONTENT_TYPE, mediaType)) return BY_CONTENT_TYPE[mediaType];
  if (mediaType.endsWith("+json")) return { kind: "json" };
  if (startsWith(file.bytes, "%PDF-")) return { kind: "pdf" };
  if (mediaType.startsWith("text/")) return { kind: "text" };
  return undefined;
}

/** UTF-8 text with LF line ends; a BOM is dropped. Binary content is refused. */
function decodeUtf8(file: DocumentFile, unknownType: boolean): string {
  const notText = unknownType
    ? `not a supported document: upload ${SUPPORTED}`
    : "a binary file, not text";
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(file.bytes);
  } catch (error) {
    throw new DocumentError(
      file.filename,
      unknownType ? notText : "not valid UTF-8 text: save it as UTF-8 and upload it again",
      { cause: error },
    );
  }
  if (looksBinary(text)) throw new DocumentError(file.filename, notText);
  return text.replace(/\r\n?/g, "\n");
}

/** A NUL anywhere, or control characters (other than whitespace) in more than 1% of the text. */
function looksBinary(text: string): boolean {
  if (text.includes("\u0000")) return true;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we count.
  const controls = text.match(/[\u0001-\u0008\u000e-\u001a\u001c-\u001f\u007f]/g)?.length ?? 0;
  return controls > text.length / 100;
}

function toText(filename: string, text: string, format: Format): string {
  switch (format.kind) {
    case "json":
      return format.jsonLines
        ? renderJsonLines(filename, text)
        : renderJson(parseJson(filename, text));
    case "csv":
      return renderCsv(filename, text, format.delimiter ?? ",");
    default:
      return text;
  }
}

function parseJson(filename: string, text: string, line?: number): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const where = line === undefined ? "" : ` on line ${line}`;
    throw new DocumentError(filename, `not valid JSON${where}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/**
 * An array of objects (the usual shape of exported data) as one record per paragraph; anything
 * else pretty-printed.
 */
function renderJson(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === null || (typeof value === "object" && Object.keys(value).length === 0)) return "";
  if (Array.isArray(value) && value.every(isPlainObject))
    return renderRecords(value.map((item) => Object.entries(item)));
  return JSON.stringify(value, null, 2);
}

function renderJsonLines(filename: string, text: string): string {
  const values: unknown[] = [];
  for (const [i, line] of text.split("\n").entries())
    if (line.trim() !== "") values.push(parseJson(filename, line, i + 1));
  if (values.every(isPlainObject)) return renderRecords(values.map((v) => Object.entries(v)));
  return values.map(renderJson).join("\n\n");
}

/** The first row names the columns; each later row becomes a paragraph of `column: value`. */
function renderCsv(filename: string, text: string, delimiter: string): string {
  let rows: string[][];
  try {
    rows = parseCsv(text, delimiter);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw new DocumentError(filename, `not valid CSV: ${error.message}`, { cause: error });
    throw error;
  }
  const [header = [], ...body] = rows;
  const names = header.map((name, i) => name.trim() || `column ${i + 1}`);
  return renderRecords(
    body.map((row) => row.map((value, i): RecordField => [names[i] ?? `column ${i + 1}`, value])),
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function startsWith(bytes: Uint8Array, prefix: string): boolean {
  if (bytes.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[i] !== prefix.charCodeAt(i)) return false;
  return true;
}

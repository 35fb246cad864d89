import Table from "cli-table3";

/**
 * Human output: tables on stdout. No colours (cli-table3 colours headers by default), so the
 * output reads the same in a terminal, a pipe and a log file.
 */
/** Compact: a rule under the header only, so a listing of fifty models stays fifty lines. */
const STYLE = { head: [], border: [], compact: true };
/** `show` values wider than this wrap onto more lines. */
const MAX_VALUE_WIDTH = 80;

/** One row per item, one column per header. */
export function printTable(head: string[], rows: unknown[][]): void {
  const table = new Table({ head, style: STYLE });
  table.push(...rows.map((row) => row.map(formatValue)));
  console.log(table.toString());
}

/** One item as `field │ value` rows, for `show` commands. */
export function printFields(fields: [label: string, value: unknown][]): void {
  const values = fields.map(([, value]) => formatValue(value));
  const widest = Math.max(0, ...values.flatMap((value) => value.split("\n").map((l) => l.length)));
  const table = new Table({
    style: STYLE,
    // Padding included: one space either side.
    colWidths: [null, Math.min(widest, MAX_VALUE_WIDTH) + 2],
    wordWrap: true,
  });
  table.push(...fields.map(([label], i) => ({ [label]: values[i] })));
  console.log(table.toString());
}

/** A cell's text: nothing for null, lists joined, objects as JSON. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) {
    return value.join(", ");
  }
  return JSON.stringify(value);
}

/** One line of at most `max` characters, for long texts in table cells. */
export function truncate(text: string, max: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}

/** `truncate`, keeping the end of the text: `…the answer is 31.` */
export function truncateStart(text: string, max: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= max ? line : `…${line.slice(line.length - max + 1)}`;
}

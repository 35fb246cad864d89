import { formatValue, printTable, truncate, truncateStart } from "./table.ts";

/**
 * Tables of long texts (prompts, answers, reasons) that fit the terminal: every cell on one line,
 * the long columns sharing the width left by the short ones, cut with an ellipsis.
 */
export interface FitColumn {
  head: string;
  /**
   * A long text's share of the room left (its weight: 2 gets twice the width of 1); a column
   * without one keeps its natural width.
   */
  flex?: number;
  /**
   * Which end of a cut text stays: "end" for a model's answer, whose final answer comes last
   * ("…so the answer is 31."); the start otherwise.
   */
  keep?: "start" | "end";
}

/** Without a terminal (a pipe, a file, a test), tables are made for 120 columns. */
const DEFAULT_WIDTH = 120;
/** A flexible column is never cut narrower than this or its header, whichever is wider. */
const MIN_FLEX_WIDTH = 8;

/** The width to fit: the terminal's when stdout is one, else 120 columns. */
export function outputWidth(
  stream: { isTTY?: boolean; columns?: number } = process.stdout,
): number {
  return stream.isTTY && stream.columns ? stream.columns : DEFAULT_WIDTH;
}

export function printFittedTable(
  columns: readonly FitColumn[],
  rows: readonly unknown[][],
  width = outputWidth(),
): void {
  const cells = rows.map((row) => row.map((value) => truncate(formatValue(value), Infinity)));
  const widths = fitWidths(columns, cells, width);
  printTable(
    columns.map((c) => c.head),
    cells.map((row) =>
      row.map((text, i) =>
        columns[i]?.keep === "end"
          ? truncateStart(text, widths[i] as number)
          : truncate(text, widths[i] as number),
      ),
    ),
  );
}

/**
 * Each column's text width so the whole table (borders and padding included: 3 characters a
 * column, plus 1) is at most `width`: fixed columns as wide as their widest cell, flexible ones
 * share what is left by weight, the narrow ones keeping their own width.
 */
export function fitWidths(
  columns: readonly FitColumn[],
  cells: readonly string[][],
  width: number,
): number[] {
  const natural = columns.map((c, i) =>
    Math.max(c.head.length, ...cells.map((row) => (row[i] ?? "").length)),
  );
  const fixed = columns.reduce((sum, c, i) => sum + (c.flex ? 0 : (natural[i] as number)), 0);
  let room = width - (3 * columns.length + 1) - fixed;
  const widths = [...natural];
  const weight = (i: number) => columns[i]?.flex ?? 0;
  // Narrowest for its weight first: what it leaves unused goes to the others.
  const flexible = columns
    .map((_column, i) => i)
    .filter((i) => weight(i) > 0)
    .sort((a, b) => (natural[a] as number) / weight(a) - (natural[b] as number) / weight(b));
  let weights = flexible.reduce((sum, i) => sum + weight(i), 0);
  flexible.forEach((column) => {
    const share = Math.floor((room * weight(column)) / weights);
    weights -= weight(column);
    const head = (columns[column] as FitColumn).head.length;
    const least = Math.min(natural[column] as number, Math.max(MIN_FLEX_WIDTH, head));
    widths[column] = Math.max(Math.min(natural[column] as number, share), least);
    room -= widths[column] as number;
  });
  return widths;
}

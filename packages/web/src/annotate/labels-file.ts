import type { AnnotationImportItem, JudgeAnnotation } from "@assay/protocol";

/**
 * Labels as files: JSONL in exactly the shape `assay annotate import` and
 * `POST P/annotations/import` take (so an export imports back unchanged), and CSV for a
 * spreadsheet, with the judge's verdict beside each label.
 */

export function toImportItem(label: JudgeAnnotation): AnnotationImportItem {
  return {
    trace_id: label.trace_id,
    judge_id: label.judge_id,
    passed: label.passed,
    ...(label.score === undefined ? {} : { score: label.score }),
    ...(label.comment === undefined ? {} : { comment: label.comment }),
  };
}

export function labelsToJsonl(labels: readonly JudgeAnnotation[]): string {
  return labels.map((label) => `${JSON.stringify(toImportItem(label))}\n`).join("");
}

const CSV_COLUMNS = [
  "trace_id",
  "judge_id",
  "passed",
  "score",
  "comment",
  "judge_passed",
  "agrees",
  "updated_at",
  "created_by",
] as const;

export function labelsToCsv(labels: readonly JudgeAnnotation[]): string {
  const rows = labels.map((label) => CSV_COLUMNS.map((column) => csvCell(label[column])).join(","));
  return `${[CSV_COLUMNS.join(","), ...rows].join("\r\n")}\r\n`;
}

/** RFC 4180: quote a cell with a comma, quote or line break, doubling its quotes. */
function csvCell(value: unknown): string {
  if (value === undefined || value === null) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A JSONL file read for import: the objects to send, and each one's line in the file. */
export interface ParsedLabels {
  items: unknown[];
  /** `lines[i]` is the file line (1-based) of `items[i]`. */
  lines: number[];
  /** Lines that are not JSON at all, which the server never sees. */
  unreadable: { line: number; message: string }[];
}

/**
 * Splits a JSONL file into objects, skipping blank lines. Only JSON syntax is checked here:
 * what a label must contain is the server's to say, line by line, so the page shows its words.
 */
export function parseLabelsFile(text: string): ParsedLabels {
  const parsed: ParsedLabels = { items: [], lines: [], unreadable: [] };
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    if (raw.trim() === "") continue;
    try {
      parsed.items.push(JSON.parse(raw));
      parsed.lines.push(i + 1);
    } catch {
      parsed.unreadable.push({ line: i + 1, message: "is not a JSON object" });
    }
  }
  return parsed;
}

const ITEM_FIELD = /^body\.annotations\.(\d+)(?:\.(.+))?$/;

/**
 * The server's refusals of an import (`body.annotations.3.passed` …) as file lines: each with the
 * field it names; refusals of the request as a whole keep their field name.
 */
export function refusalsByLine(
  errors: ReadonlyMap<string, string>,
  lines: readonly number[],
): { line: number | undefined; field: string; message: string }[] {
  return [...errors]
    .map(([field, message]) => {
      const match = ITEM_FIELD.exec(field);
      if (!match) return { line: undefined, field, message };
      return { line: lines[Number(match[1])], field: match[2] ?? "", message };
    })
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}

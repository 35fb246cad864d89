/** One field of a record: its name and its value, already parsed. */
export type RecordField = readonly [name: string, value: unknown];

/**
 * Renders records (CSV rows, JSON objects) as text a model reads well: one paragraph per record,
 * one `name: value` line per field. Empty fields are left out; a record with none is skipped.
 */
export function renderRecords(records: Iterable<readonly RecordField[]>): string {
  const paragraphs: string[] = [];
  for (const record of records) {
    const lines: string[] = [];
    for (const [name, value] of record) {
      const text = renderValue(value);
      if (text !== "") lines.push(`${name}: ${text}`);
    }
    if (lines.length > 0) paragraphs.push(lines.join("\n"));
  }
  return paragraphs.join("\n\n");
}

function renderValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  // A blank line inside a value would read as the end of the record.
  if (typeof value === "string") return value.trim().replace(/\n\s*\n/g, "\n");
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value) && value.every(isScalar)) return value.map(String).join(", ");
  return JSON.stringify(value) ?? "";
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

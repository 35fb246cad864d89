/**
 * CSV as RFC 4180 writes it: CRLF after every record, a field quoted when it holds a comma, a
 * quote, CR or LF, and quotes inside doubled. Spreadsheets and csv parsers read it back exactly.
 */

export type CsvValue = string | number | boolean | null | undefined;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRecord(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

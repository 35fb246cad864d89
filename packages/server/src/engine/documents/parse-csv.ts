/** A CSV file that does not follow RFC 4180 well enough to be read. */
export class CsvSyntaxError extends Error {
  override name = "CsvSyntaxError";
  /** 1-based line of the file where the problem starts. */
  readonly line: number;

  constructor(line: number, message: string) {
    super(`line ${line}: ${message}`);
    this.line = line;
  }
}

/**
 * Parses CSV text (RFC 4180) into rows of fields: quoted fields may hold the delimiter, line
 * breaks and doubled quotes; records end with LF, CRLF or CR. Lenient where the RFC is strict and
 * the intent is clear: a quote inside an unquoted field is kept as text, and the last record needs
 * no line end. An unterminated quoted field, or text after a closing quote, is refused.
 */
export function parseCsv(text: string, delimiter = ","): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let line = 1;
  let at = 0;
  // True once the current record has any content, so a blank last line adds no empty row.
  let started = false;

  const endField = () => {
    row.push(field);
    field = "";
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
    started = false;
  };

  while (at < text.length) {
    const char = text[at] as string;
    if (char === '"' && field === "") {
      // At the start of a field (a closed quoted field can only be followed by a delimiter or a
      // line end): a quoted field, running to the next quote that is not doubled.
      const openedOn = line;
      at++;
      for (;;) {
        if (at >= text.length) throw new CsvSyntaxError(openedOn, "a quoted field is never closed");
        const inner = text[at] as string;
        if (inner === '"') {
          if (text[at + 1] === '"') {
            field += '"';
            at += 2;
            continue;
          }
          at++;
          break;
        }
        if (inner === "\n" || (inner === "\r" && text[at + 1] !== "\n")) line++;
        field += inner;
        at++;
      }
      started = true;
      const next = text[at];
      if (next !== undefined && next !== delimiter && next !== "\n" && next !== "\r")
        throw new CsvSyntaxError(line, "text after the closing quote of a quoted field");
      continue;
    }
    if (char === delimiter) {
      endField();
      started = true;
      at++;
    } else if (char === "\n" || char === "\r") {
      endRow();
      at += char === "\r" && text[at + 1] === "\n" ? 2 : 1;
      line++;
    } else {
      field += char;
      started = true;
      at++;
    }
  }
  if (started || field !== "") endRow();
  return rows;
}

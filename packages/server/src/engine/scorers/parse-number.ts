/**
 * One number as written in an answer: an optional sign (ASCII or Unicode minus), an optional
 * currency symbol, digits with optional thousands separators, optional decimals, an optional
 * fraction (`3/4`). The sign counts only when it touches the number and does not follow a word
 * or digit, so "16-3" and "16 - 3" read as 16 and 3, not 16 and -3. What follows the number (a
 * percent sign, a unit, a period) is not part of it.
 */
const NUMBER =
  /(?<![\w.])([-+−]?)(?:[$€£¥]\s?)?((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+)(?:\s?\/\s?(\d+)(?![\d.,]))?(?!\d)/g;

export interface ParsedNumber {
  /** The number as it was written, e.g. "$1,234.00". */
  text: string;
  value: number;
  /** Where the number starts in the text it was read from. */
  start: number;
}

/**
 * LaTeX that models wrap around a final number: `\boxed{\$1{,}234}` reads as `$1,234`, and a
 * `\frac{a}{b}` as `a/b`.
 */
export function stripLatex(text: string): string {
  return text
    .replace(/\\[dt]?frac\{\s*(-?\d+)\s*\}\{\s*(\d+)\s*\}/g, "$1/$2")
    .replaceAll("{,}", ",")
    .replaceAll("\\$", "$")
    .replaceAll("\\%", "%")
    .replace(/\\(?:text|mathrm|textbf)\{([^{}]*)\}/g, "$1");
}

function toValue(sign: string, digits: string, denominator: string | undefined): number | null {
  let value = Number(digits.replaceAll(",", ""));
  if (denominator !== undefined) {
    const divisor = Number(denominator);
    if (divisor === 0) return null;
    value /= divisor;
  }
  if (!Number.isFinite(value)) return null;
  return sign === "-" || sign === "−" ? -value : value;
}

/** Every number in `text`, in order. */
export function findNumbers(text: string): ParsedNumber[] {
  const numbers: ParsedNumber[] = [];
  for (const match of text.matchAll(NUMBER)) {
    const value = toValue(match[1]!, match[2]!, match[3]);
    if (value === null) continue;
    numbers.push({ text: match[0].trim(), value, start: match.index });
  }
  return numbers;
}

/**
 * Equal within a relative tolerance of 1e-9 (tight enough that 1,450,001 is not 1,450,000, loose
 * enough for float noise such as 0.1 + 0.2), with 1 as the smallest scale so that values near
 * zero compare by an absolute 1e-9 (a pure relative test would demand exact zeros).
 */
export function numbersEqual(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

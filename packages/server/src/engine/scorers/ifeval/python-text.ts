/**
 * Python 3's string semantics where JavaScript's differ, for IFEval's checkers: the reference is
 * Python (Google's code as lm-eval 0.4.13 vendors it) and a verdict may hang on one character.
 *
 * - Whitespace: `str.strip()`, `str.split()` and `re`'s `\s` use Unicode whitespace, which
 *   includes U+001C–U+001F and U+0085 but not U+FEFF (JavaScript's `trim` and `\s` are the other
 *   way round).
 * - `\w` and `\b` in a `str` pattern are Unicode-aware (letters, numbers and `_`); in
 *   JavaScript they are ASCII even with the `u` flag. `\d` is any decimal digit.
 * - `.` matches anything but `\n`, and `^`/`$` under MULTILINE only see `\n` (JavaScript's also
 *   stop at `\r`, U+2028 and U+2029).
 */

/** The characters `str.isspace()` accepts, as a regex class body. */
const SPACE =
  "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";

/** Python's `\s`, `\w`, `\d` and `.` as JavaScript regex source (use with the `u` flag). */
export const PY = {
  space: `[${SPACE}]`,
  word: "[\\p{L}\\p{N}_]",
  digit: "\\p{Nd}",
  any: "[^\\n]",
  /** `\b`: between a word character and a non-word character (or the text's edge). */
  boundary: "(?:(?<=[\\p{L}\\p{N}_])(?![\\p{L}\\p{N}_])|(?<![\\p{L}\\p{N}_])(?=[\\p{L}\\p{N}_]))",
  /** `^` and `$` under re.MULTILINE. */
  lineStart: "(?<![^\\n])",
  lineEnd: "(?![^\\n])",
} as const;

const LEADING = new RegExp(`^[${SPACE}]+`, "u");
const TRAILING = new RegExp(`[${SPACE}]+$`, "u");

/** `s.strip()`, or `s.strip(chars)`. */
export function strip(s: string, chars?: string): string {
  return rstrip(lstrip(s, chars), chars);
}

/** `s.lstrip()`, or `s.lstrip(chars)`. */
export function lstrip(s: string, chars?: string): string {
  if (chars === undefined) return s.replace(LEADING, "");
  let start = 0;
  while (start < s.length && chars.includes(s[start]!)) start++;
  return s.slice(start);
}

/** `s.rstrip()`, or `s.rstrip(chars)`. */
export function rstrip(s: string, chars?: string): string {
  if (chars === undefined) return s.replace(TRAILING, "");
  let end = s.length;
  while (end > 0 && chars.includes(s[end - 1]!)) end--;
  return s.slice(0, end);
}

/** `s.split()`: runs of whitespace separate, and no empty strings. */
export function splitWhitespace(s: string): string[] {
  return s.split(new RegExp(`[${SPACE}]+`, "u")).filter((part) => part !== "");
}

const LOWER_OR_TITLE = /[\p{Lowercase}\p{Lt}]/u;
const UPPER_OR_TITLE = /[\p{Uppercase}\p{Lt}]/u;

/** `s.isupper()`: at least one uppercase character and no lowercase or titlecase one. */
export function isUpper(s: string): boolean {
  return /\p{Uppercase}/u.test(s) && !LOWER_OR_TITLE.test(s);
}

/** `s.islower()`: at least one lowercase character and no uppercase or titlecase one. */
export function isLower(s: string): boolean {
  return /\p{Lowercase}/u.test(s) && !UPPER_OR_TITLE.test(s);
}

/** Quote characters models wrap answers in, straight and typographic. */
const SURROUNDING_PAIRS: readonly (readonly [string, string])[] = [
  ['"', '"'],
  ["'", "'"],
  ["`", "`"],
  ["“", "”"],
  ["‘", "’"],
  ["«", "»"],
  ["**", "**"],
  ["*", "*"],
  ["__", "__"],
];

/**
 * The canonical form two answers are compared in: Unicode NFKC (full-width letters, ligatures and
 * non-breaking spaces become their plain forms), case-folded, whitespace collapsed, and without
 * the decoration models add around a short answer — surrounding quotes or markdown emphasis and a
 * trailing period. Decoration is peeled repeatedly because it nests (`"**Paris**."`).
 */
export function normalizeAnswer(text: string): string {
  let value = text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
  for (;;) {
    const before = value;
    if (value.endsWith(".") && !value.endsWith("..")) value = value.slice(0, -1).trimEnd();
    for (const [open, close] of SURROUNDING_PAIRS) {
      if (
        value.length >= open.length + close.length &&
        value.startsWith(open) &&
        value.endsWith(close)
      ) {
        value = value.slice(open.length, value.length - close.length).trim();
      }
    }
    if (value === before) return value;
  }
}

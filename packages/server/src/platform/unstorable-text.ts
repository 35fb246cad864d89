import type { FieldIssue } from "@assay/protocol";

/**
 * Text no database here can store as it was sent: PostgreSQL refuses a NUL character in `text`
 * and `jsonb` (which would be a 500), and a lone UTF-16 surrogate is not Unicode (both databases
 * would read back U+FFFD, changed). Answering the same 400 on both databases beats accepting on
 * one and failing on the other.
 */
export function unstorableTextReason(text: string): string | undefined {
  if (text.includes("\u0000")) return "must not contain a NUL character (\\u0000)";
  if (!text.isWellFormed()) return "must not contain a lone surrogate (invalid Unicode)";
  return undefined;
}

/**
 * The first string (or object key) in a request part that cannot be stored, named the way
 * validation names fields (`body.messages.0.content`), in document order. The walk keeps its own
 * stack instead of recursing, so no depth of nesting can overflow the call stack (a body nested
 * 8,000 deep did: a 500 on every route).
 */
export function findUnstorableText(value: unknown, field: string): FieldIssue | undefined {
  // Popped last-in first-out: children are pushed in reverse so they come off in order, and an
  // object's key comes off just before its value.
  const stack: { value: unknown; field: string; isKey?: true }[] = [{ value, field }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const current = next.value;
    if (typeof current === "string") {
      const message = unstorableTextReason(current);
      if (message === undefined) continue;
      return next.isKey
        ? { field: next.field || "(a key)", message: `a key ${message}` }
        : { field: next.field, message };
    }
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1)
        stack.push({ value: current[i], field: join(next.field, String(i)) });
    } else if (current !== null && typeof current === "object") {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, item] = entries[i] as [string, unknown];
        stack.push({ value: item, field: join(next.field, key) });
        stack.push({ value: key, field: next.field, isKey: true });
      }
    }
  }
  return undefined;
}

const join = (field: string, key: string) => (field === "" ? key : `${field}.${key}`);

/**
 * Whether JSON text may decode to unstorable text: a NUL or a surrogate can only arrive as a
 * `\u` escape (raw control characters are not JSON, and valid UTF-8 holds no surrogates). Substring
 * searches keep the walk off the 50 MB files that have none.
 */
export function mayHoldUnstorableText(jsonText: string): boolean {
  return jsonText.includes("\\u0000") || jsonText.includes("\\ud") || jsonText.includes("\\uD");
}

/**
 * Text from elsewhere (a model's answer) that must be stored whatever it holds: NUL and lone
 * surrogates become U+FFFD, the replacement character, the same on both databases.
 */
export function toStorableText(text: string): string {
  const withoutNul = text.includes("\u0000") ? text.replaceAll("\u0000", "\ufffd") : text;
  return withoutNul.toWellFormed();
}

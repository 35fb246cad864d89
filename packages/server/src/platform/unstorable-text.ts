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
 * validation names fields (`body.messages.0.content`).
 */
export function findUnstorableText(value: unknown, field: string): FieldIssue | undefined {
  if (typeof value === "string") {
    const message = unstorableTextReason(value);
    return message ? { field, message } : undefined;
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const issue = findUnstorableText(item, join(field, String(i)));
      if (issue) return issue;
    }
    return undefined;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const keyReason = unstorableTextReason(key);
      if (keyReason) return { field: field || "(a key)", message: `a key ${keyReason}` };
      const issue = findUnstorableText(item, join(field, key));
      if (issue) return issue;
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

// JSON carried inside a string: GenAI attributes (`gen_ai.input.messages`) and tool arguments
// arrive as JSON text. Parsed with a depth limit, so that nothing recursive downstream (the
// server's judge renderer, the dashboard's views) meets a deeper value than a stored record.

/** Deepest nesting accepted in JSON carried inside a string. */
export const MAX_EMBEDDED_DEPTH = 64;

/**
 * The JSON a string holds when it is an object or a list, well formed and not deeply nested;
 * else undefined (the caller shows the string as text). A `__proto__` key is dropped. A value
 * that is not a string is returned as it is.
 */
export function embeddedJson(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const first = value.trimStart()[0];
  if (first !== "[" && first !== "{") return undefined;
  if (textNestsDeeperThan(value, MAX_EMBEDDED_DEPTH)) return undefined;
  try {
    return JSON.parse(value, (key, inner) => (key === "__proto__" ? undefined : inner));
  } catch {
    return undefined;
  }
}

/**
 * Whether JSON text nests objects and arrays deeper than `max`; brackets inside strings do not
 * count. Strings are skipped with indexOf, which keeps the scan cheap on text-heavy values.
 */
export function textNestsDeeperThan(json: string, max: number): boolean {
  // Most values open far fewer brackets than the limit: counting them is cheaper than a walk.
  if (openingsAtMost(json, max)) return false;
  let depth = 0;
  for (let i = 0; i < json.length; i++) {
    const char = json[i];
    if (char === '"') i = closingQuote(json, i);
    else if (char === "{" || char === "[") {
      depth += 1;
      if (depth > max) return true;
    } else if (char === "}" || char === "]") depth -= 1;
  }
  return false;
}

/** Whether the text holds at most `limit` opening brackets (in strings or not). */
function openingsAtMost(json: string, limit: number): boolean {
  let count = 0;
  for (const open of ["{", "["]) {
    for (let i = json.indexOf(open); i !== -1; i = json.indexOf(open, i + 1)) {
      count += 1;
      if (count > limit) return false;
    }
  }
  return true;
}

/** The index of the quote that closes the string opened at `open` (the end when unclosed). */
function closingQuote(json: string, open: number): number {
  for (let from = open + 1; ; ) {
    const quote = json.indexOf('"', from);
    if (quote === -1) return json.length;
    let backslashes = 0;
    while (json[quote - 1 - backslashes] === "\\") backslashes += 1;
    if (backslashes % 2 === 0) return quote;
    from = quote + 1;
  }
}

/** How many opening brackets of a prose reply are tried as the start of a JSON value. */
const MAX_OPENERS = 32;

/**
 * The first JSON object or array in a model's reply: the whole reply, else a fenced code block
 * (```json … ```), else the first balanced `{…}` or `[…]` that parses. Reasoning blocks
 * (`<think>…</think>`) are skipped. Undefined when there is none.
 */
export function findJson(reply: string): object | undefined {
  const text = reply.replace(/<think>[\s\S]*?<\/think>/gi, "").trim();
  const whole = tryParse(text);
  if (whole !== undefined) return whole;
  for (const fence of text.matchAll(/```[\w-]*[^\S\n]*\n?([\s\S]*?)```/g)) {
    const fenced = tryParse((fence[1] ?? "").trim());
    if (fenced !== undefined) return fenced;
  }
  let openers = 0;
  for (let at = 0; at < text.length && openers < MAX_OPENERS; at++) {
    const char = text[at];
    if (char !== "{" && char !== "[") continue;
    openers++;
    const end = balancedEnd(text, at);
    if (end === undefined) continue;
    const value = tryParse(text.slice(at, end));
    if (value !== undefined) return value;
  }
  return undefined;
}

/** An object or array, or undefined: a bare string or number is not a reply we can use. */
function tryParse(text: string): object | undefined {
  if (!text.startsWith("{") && !text.startsWith("[")) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The index after the bracket closing the one at `start`, skipping brackets inside strings. */
function balancedEnd(text: string, start: number): number | undefined {
  const stack: string[] = [];
  let inString = false;
  for (let at = start; at < text.length; at++) {
    const char = text[at];
    if (inString) {
      if (char === "\\") at++;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === "{") stack.push("}");
    else if (char === "[") stack.push("]");
    else if (char === "}" || char === "]") {
      if (stack.pop() !== char) return undefined;
      if (stack.length === 0) return at + 1;
    }
  }
  return undefined;
}

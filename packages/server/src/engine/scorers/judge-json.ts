/**
 * How many `{` positions are tried. Each try scans to the end of the reply, so without a bound a
 * long reply full of braces would cost quadratic time; a verdict is never that far in.
 */
const MAX_ATTEMPTS = 64;

/** Fenced code blocks (```json … ``` or bare ```), in order. */
const FENCE = /```[ \t]*(?:json|JSON)?[ \t]*\n?([\s\S]*?)```/g;

/** The balanced `{…}` starting at `start`, honouring strings and escapes; null when unbalanced. */
function balancedObject(text: string, start: number): string | null {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === "{") {
      depth++;
    } else if (char === "}") {
      depth--;
      if (depth === 0) return text.slice(start, i + 1);
    }
  }
  return null;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The first JSON object in a model's reply that `accept` takes: a fenced block first (models that
 * fence mean the fence), then every `{` in the text in turn — prose around the JSON, or a stray
 * brace before it, must not hide a valid verdict. Returns null when nothing is accepted.
 */
export function findJsonObject<T>(reply: string, accept: (value: unknown) => T | null): T | null {
  for (const match of reply.matchAll(FENCE)) {
    const value = parse(match[1]!.trim());
    const accepted = value === undefined ? null : accept(value);
    if (accepted !== null) return accepted;
  }
  let attempts = 0;
  for (let start = reply.indexOf("{"); start >= 0; start = reply.indexOf("{", start + 1)) {
    if (++attempts > MAX_ATTEMPTS) break;
    const candidate = balancedObject(reply, start);
    if (candidate === null) continue;
    const value = parse(candidate);
    const accepted = value === undefined ? null : accept(value);
    if (accepted !== null) return accepted;
  }
  return null;
}

import { quote, type ScoreInput, type ScoreResult, verdict } from "./scorer.ts";
import { stripReasoning } from "./strip-reasoning.ts";

/**
 * MATH-style answers graded as lm-evaluation-harness grades AIME (lm-eval 0.4.13,
 * `lm_eval/tasks/aime/utils.py`, MIT): the answer is the text between the response's first and last
 * `$` (the whole response when it has fewer than two), replaced by the content of its last
 * `\boxed{…}` when there is one; it equals the truth when Hendrycks et al.'s `is_equiv` says so
 * (the MATH paper's normalization: `\dfrac`→`\frac`, `\left`/`\right`, degrees, units after
 * `\text{ `, percent, `x = …`, `\sqrt3`, `\frac12`, `0.5`→`\frac{1}{2}`, `a/b`, spaces), then
 * exact string equality. Ported line by line, quirks included, so verdicts agree with the
 * reference on every response (agreement/references/math_equiv.py): where the Python raises
 * (an `a/b` whose parts are not integers, two unit texts, a trailing `\sqrt`), `is_equiv` falls
 * back to comparing the two strings as given, and so does this.
 */
export function mathEquiv(input: ScoreInput): ScoreResult {
  const response = stripReasoning(input.response);
  const answer = extractMathAnswer(response);
  const truth = input.truth;
  if (isEquiv(answer, truth))
    return verdict(true, `${quote(answer)} is equivalent to ${quote(truth)}`, answer);
  const empty = answer.trim() === "";
  return verdict(
    false,
    empty ? "no answer in the response" : `${quote(answer)} is not equivalent to ${quote(truth)}`,
    empty ? null : answer,
  );
}

/** The reference's answer: the `$…$` span or the whole response, then the last `\boxed{}`. */
export function extractMathAnswer(response: string): string {
  const first = response.indexOf("$");
  const last = response.lastIndexOf("$");
  let answer = first === last ? response : response.slice(first + 1, last);
  const boxed = lastBoxedOnlyString(response);
  if (boxed !== null) {
    const content = removeBoxed(boxed);
    if (content !== null) answer = content;
  }
  return answer;
}

/** `\boxed{…}` (braces balanced), `\boxed …` up to a `$`, or `\fbox{…}`; null when none closes. */
export function lastBoxedOnlyString(text: string): string | null {
  if (text.includes("\\boxed ")) return `\\boxed ${text.split("\\boxed ").at(-1)!.split("$")[0]}`;
  let start = text.lastIndexOf("\\boxed");
  if (start < 0) start = text.lastIndexOf("\\fbox");
  if (start < 0) return null;
  let open = 0;
  for (let i = start; i < text.length; i += 1) {
    if (text[i] === "{") open += 1;
    if (text[i] === "}") {
      open -= 1;
      if (open === 0) return text.slice(start, i + 1);
    }
  }
  return null;
}

/** The content of `\boxed{…}` or `\boxed …`; null where the reference's assertion fails. */
function removeBoxed(boxed: string): string | null {
  if (boxed.includes("\\boxed ")) {
    return boxed.startsWith("\\boxed ") ? boxed.slice("\\boxed ".length) : null;
  }
  const left = "\\boxed{";
  if (!boxed.startsWith(left) || !boxed.endsWith("}")) return null;
  return boxed.slice(left.length, -1);
}

/** Thrown where the reference's Python raises inside strip_string. */
class Unnormalizable extends Error {}

/** Hendrycks et al.'s is_equiv: the normalized strings are equal, or the raw ones when one raises. */
export function isEquiv(a: string, b: string): boolean {
  try {
    return stripString(a) === stripString(b);
  } catch (error) {
    if (error instanceof Unnormalizable) return a === b;
    throw error;
  }
}

/** Python's `len`, which counts code points. */
const length = (s: string) => [...s].length;

export function stripString(input: string): string {
  let s = input.replaceAll("\n", "");
  s = s.replaceAll("\\!", "");
  s = s.replaceAll("\\\\", "\\");
  s = s.replaceAll("tfrac", "frac").replaceAll("dfrac", "frac");
  s = s.replaceAll("\\left", "").replaceAll("\\right", "");
  s = s.replaceAll("^{\\circ}", "").replaceAll("^\\circ", "");
  s = s.replaceAll("\\$", "");
  s = removeRightUnits(s);
  s = s.replaceAll("\\%", "");
  s = s.replaceAll(" .", " 0.").replaceAll("{.", "{0.");
  if (s.length === 0) return s;
  if (s[0] === ".") s = `0${s}`;
  const sides = s.split("=");
  if (sides.length === 2 && length(sides[0]!) <= 2) s = sides[1]!;
  s = fixSqrt(s);
  s = s.replaceAll(" ", "");
  s = fixFracs(s);
  if (s === "0.5") s = "\\frac{1}{2}";
  return fixASlashB(s);
}

function removeRightUnits(s: string): string {
  if (!s.includes("\\text{ ")) return s;
  const parts = s.split("\\text{ ");
  if (parts.length !== 2) throw new Unnormalizable("more than one unit text");
  return parts[0]!;
}

function fixSqrt(s: string): string {
  if (!s.includes("\\sqrt")) return s;
  const [head, ...rest] = s.split("\\sqrt");
  let out = head!;
  for (const part of rest) {
    const chars = [...part];
    if (chars.length === 0) throw new Unnormalizable("\\sqrt without an argument");
    out += chars[0] !== "{" ? `\\sqrt{${chars[0]}}${chars.slice(1).join("")}` : `\\sqrt${part}`;
  }
  return out;
}

function fixFracs(s: string): string {
  const [head, ...rest] = s.split("\\frac");
  let out = head!;
  for (const part of rest) {
    out += "\\frac";
    const chars = [...part];
    if (chars.length === 0) throw new Unnormalizable("\\frac without arguments");
    if (chars[0] === "{") {
      out += part;
      continue;
    }
    // The reference gives up on the whole string here (an assertion it catches).
    if (chars.length < 2) return s;
    const [a, b] = chars as [string, string];
    const post = chars.slice(2).join("");
    out += b !== "{" ? `{${a}}{${b}}${post}` : `{${a}}${b}${post}`;
  }
  return out;
}

/** Python's int() of a string: an optional sign, digits (underscores between), spaces around. */
const PYTHON_INT = /^\s*([+-]?)(\p{Nd}+(?:_\p{Nd}+)*)\s*$/u;

/** str(int(text)), or null where int() raises; digits of other scripts never print back equal. */
function pythonIntText(text: string): string | null {
  const match = PYTHON_INT.exec(text);
  if (!match) return null;
  const digits = match[2]!.replaceAll("_", "");
  if (!/^[0-9]+$/.test(digits)) return "\u{FFFD}";
  const value = BigInt(digits);
  return (match[1] === "-" && value !== 0n ? -value : value).toString();
}

function fixASlashB(s: string): string {
  const parts = s.split("/");
  if (parts.length !== 2) return s;
  const [a, b] = parts as [string, string];
  const intA = pythonIntText(a);
  // int() of a part that is not an integer raises ValueError, which the reference does not catch.
  if (intA === null) throw new Unnormalizable("not an integer fraction");
  const intB = pythonIntText(b);
  if (intB === null) throw new Unnormalizable("not an integer fraction");
  return s === `${intA}/${intB}` ? `\\frac{${intA}}{${intB}}` : s;
}

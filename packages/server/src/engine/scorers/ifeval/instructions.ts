import { isLower, isUpper, lstrip, PY, rstrip, splitWhitespace, strip } from "./python-text.ts";
import { detectLanguage, LangDetectError } from "./text/langdetect.ts";
import { countSentences } from "./text/punkt.ts";
import { wordTokenize } from "./text/word-tokenize.ts";

/**
 * IFEval's 25 instruction checkers: Google's instruction_following_eval/instructions.py as
 * lm-eval 0.4.13 vendors it (tasks/ifeval/instructions.py, Apache-2.0), one function each, with
 * the same regexes read under Python's semantics (python-text.ts). The agreement test
 * (test/agreement/ifeval.test.ts) runs the reference on every fixture response.
 *
 * Where the reference draws a missing or out-of-range argument at random, Assay refuses the
 * instruction instead (IfevalInstructionError, at import): a random threshold is no benchmark.
 */
export type Checker = (response: string) => boolean;

/** The instruction's arguments as the dataset gives them; null and other falsy values are absent. */
export type InstructionKwargs = Readonly<Record<string, unknown>>;

export class IfevalInstructionError extends Error {
  override name = "IfevalInstructionError";
}

const RELATIONS = ["less than", "at least"] as const;

function argument(kwargs: InstructionKwargs, id: string, name: string): unknown {
  const value = kwargs[name];
  // The reference drops falsy arguments (`{k: v for k, v in kwargs.items() if v}`).
  if (value === null || value === undefined || value === false || value === 0 || value === "")
    throw new IfevalInstructionError(`instruction "${id}" needs the argument "${name}"`);
  return value;
}

function text(kwargs: InstructionKwargs, id: string, name: string): string {
  const value = argument(kwargs, id, name);
  if (typeof value !== "string")
    throw new IfevalInstructionError(`instruction "${id}": "${name}" must be a string`);
  return value;
}

function count(kwargs: InstructionKwargs, id: string, name: string): number {
  const value = argument(kwargs, id, name);
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0)
    throw new IfevalInstructionError(`instruction "${id}": "${name}" must be a positive integer`);
  return value;
}

function words(kwargs: InstructionKwargs, id: string, name: string): string[] {
  const value = argument(kwargs, id, name);
  if (!Array.isArray(value) || value.length === 0 || !value.every((w) => typeof w === "string"))
    throw new IfevalInstructionError(`instruction "${id}": "${name}" must be a list of words`);
  return value as string[];
}

/** "less than" n or "at least" n, as the reference compares counts. */
function compare(kwargs: InstructionKwargs, id: string, name: string, threshold: number) {
  const relation = text(kwargs, id, name);
  if (!(RELATIONS as readonly string[]).includes(relation))
    throw new IfevalInstructionError(
      `instruction "${id}": "${name}" must be "less than" or "at least"`,
    );
  return (actual: number) => (relation === "less than" ? actual < threshold : actual >= threshold);
}

/** A pattern the reference hands to `re` as is (keywords are regexes there too). */
function pattern(source: string, id: string, flags = "u"): RegExp {
  try {
    return new RegExp(source, flags);
  } catch {
    throw new IfevalInstructionError(`instruction "${id}": cannot read ${JSON.stringify(source)}`);
  }
}

/** The language checks count an undetectable text (no letters) as followed, as the reference. */
function detected(value: string, predicate: (language: string) => boolean): boolean {
  try {
    return predicate(detectLanguage(value));
  } catch (error) {
    if (error instanceof LangDetectError) return true;
    throw error;
  }
}

type Build = (kwargs: InstructionKwargs, id: string) => Checker;

const INSTRUCTIONS: Readonly<Record<string, Build>> = {
  "keywords:existence": (kwargs, id) => {
    const keywords = words(kwargs, id, "keywords").map((k) => pattern(k, id, "iu"));
    return (value) => keywords.every((keyword) => keyword.test(value));
  },
  "keywords:frequency": (kwargs, id) => {
    const keyword = pattern(strip(text(kwargs, id, "keyword")), id, "giu");
    const holds = compare(kwargs, id, "relation", count(kwargs, id, "frequency"));
    return (value) => holds(value.match(keyword)?.length ?? 0);
  },
  "keywords:forbidden_words": (kwargs, id) => {
    const forbidden = words(kwargs, id, "forbidden_words").map((word) =>
      pattern(`${PY.boundary}${word}${PY.boundary}`, id, "iu"),
    );
    return (value) => !forbidden.some((word) => word.test(value));
  },
  "keywords:letter_frequency": (kwargs, id) => {
    const letter = text(kwargs, id, "letter").toLowerCase();
    if (!/^[a-z]$/.test(letter))
      throw new IfevalInstructionError(`instruction "${id}": "letter" must be one letter a-z`);
    const holds = compare(kwargs, id, "let_relation", count(kwargs, id, "let_frequency"));
    return (value) => holds([...value.toLowerCase()].filter((c) => c === letter).length);
  },
  "language:response_language": (kwargs, id) => {
    const language = text(kwargs, id, "language");
    return (value) => detected(value, (found) => found === language);
  },
  "length_constraints:number_sentences": (kwargs, id) => {
    const holds = compare(kwargs, id, "relation", count(kwargs, id, "num_sentences"));
    return (value) => holds(countSentences(value));
  },
  "length_constraints:number_paragraphs": (kwargs, id) => {
    const expected = count(kwargs, id, "num_paragraphs");
    const divider = new RegExp(`${PY.space}?\\*\\*\\*${PY.space}?`, "u");
    return (value) => {
      const paragraphs = value.split(divider);
      let found = paragraphs.length;
      for (const [index, paragraph] of paragraphs.entries()) {
        if (strip(paragraph) !== "") continue;
        // An empty first or last piece is a divider at the edge; an empty middle one is not allowed.
        if (index === 0 || index === paragraphs.length - 1) found--;
        else return false;
      }
      return found === expected;
    };
  },
  "length_constraints:number_words": (kwargs, id) => {
    const holds = compare(kwargs, id, "relation", count(kwargs, id, "num_words"));
    const word = new RegExp(`${PY.word}+`, "gu");
    return (value) => holds(value.match(word)?.length ?? 0);
  },
  "length_constraints:nth_paragraph_first_word": (kwargs, id) => {
    const expected = count(kwargs, id, "num_paragraphs");
    const nth = count(kwargs, id, "nth_paragraph");
    if (nth > expected)
      throw new IfevalInstructionError(
        `instruction "${id}": "nth_paragraph" must be at most "num_paragraphs"`,
      );
    const firstWord = text(kwargs, id, "first_word").toLowerCase();
    return (value) => {
      const paragraphs = value.split("\n\n");
      const found = paragraphs.filter((p) => strip(p) !== "").length;
      if (nth > found) return false;
      const paragraph = strip(paragraphs[nth - 1]!);
      if (paragraph === "") return false;
      const word = lstrip(lstrip(strip(splitWhitespace(paragraph)[0]!), "'"), '"');
      let first = "";
      for (const letter of word) {
        if (".,?!'\"".includes(letter)) break;
        first += letter.toLowerCase();
      }
      return found === expected && first === firstWord;
    };
  },
  "detectable_content:number_placeholders": (kwargs, id) => {
    const expected = count(kwargs, id, "num_placeholders");
    return (value) => (value.match(/\[[^\n]*?\]/g)?.length ?? 0) >= expected;
  },
  "detectable_content:postscript": (kwargs, id) => {
    const marker = strip(text(kwargs, id, "postscript_marker"));
    const source =
      marker === "P.P.S"
        ? `${PY.space}*p\\.${PY.space}?p\\.${PY.space}?s`
        : marker === "P.S."
          ? `${PY.space}*p\\.${PY.space}?s\\.`
          : `${PY.space}*${marker.toLowerCase()}`;
    // The reference's trailing `.*$` always matches once the marker has: it is left out.
    const postscript = pattern(source, id);
    return (value) => postscript.test(value.toLowerCase());
  },
  "detectable_format:number_bullet_lists": (kwargs, id) => {
    const expected = count(kwargs, id, "num_bullets");
    const star = new RegExp(`${PY.lineStart}${PY.space}*\\*[^*]${PY.any}*${PY.lineEnd}`, "gu");
    const dash = new RegExp(`${PY.lineStart}${PY.space}*-${PY.any}*${PY.lineEnd}`, "gu");
    return (value) =>
      (value.match(star)?.length ?? 0) + (value.match(dash)?.length ?? 0) === expected;
  },
  "detectable_format:constrained_response": () => (value) => {
    const answer = strip(value);
    return ["My answer is yes.", "My answer is no.", "My answer is maybe."].some((option) =>
      answer.includes(option),
    );
  },
  "detectable_format:number_highlighted_sections": (kwargs, id) => {
    const expected = count(kwargs, id, "num_highlights");
    return (value) => {
      const single = (value.match(/\*[^\n*]*\*/g) ?? []).filter((h) => strip(strip(h, "*")) !== "");
      const double = (value.match(/\*\*[^\n*]*\*\*/g) ?? []).filter(
        (h) => strip(h.slice(2, -2)) !== "",
      );
      return single.length + double.length >= expected;
    };
  },
  "detectable_format:multiple_sections": (kwargs, id) => {
    const splitter = strip(text(kwargs, id, "section_spliter"));
    const expected = count(kwargs, id, "num_sections");
    const heading = pattern(`${PY.space}?${splitter}${PY.space}?${PY.digit}+${PY.space}?`, id);
    return (value) => value.split(heading).length - 1 >= expected;
  },
  "detectable_format:json_format": () => (value) =>
    isPythonJson(
      strip(
        removeSuffix(
          ["```json", "```Json", "```JSON", "```"].reduce(removePrefix, strip(value)),
          "```",
        ),
      ),
    ),
  "detectable_format:title": () => (value) =>
    (value.match(/<<[^\n]+>>/g) ?? []).some((title) => strip(rstrip(lstrip(title, "<"), ">"))),
  "combination:two_responses": () => (value) => {
    const responses = value.split("******");
    const given: string[] = [];
    for (const [index, response] of responses.entries()) {
      if (strip(response) !== "") given.push(response);
      else if (index !== 0 && index !== responses.length - 1) return false;
    }
    return given.length === 2 && strip(given[0]!) !== strip(given[1]!);
  },
  "combination:repeat_prompt": (kwargs, id) => {
    const prompt = strip(text(kwargs, id, "prompt_to_repeat")).toLowerCase();
    return (value) => strip(value).toLowerCase().startsWith(prompt);
  },
  "startend:end_checker": (kwargs, id) => {
    const phrase = strip(text(kwargs, id, "end_phrase")).toLowerCase();
    return (value) => strip(strip(value), '"').toLowerCase().endsWith(phrase);
  },
  "change_case:capital_word_frequency": (kwargs, id) => {
    const holds = compare(kwargs, id, "capital_relation", count(kwargs, id, "capital_frequency"));
    return (value) => holds(wordTokenize(value).filter(isUpper).length);
  },
  "change_case:english_capital": () => (value) =>
    isUpper(value) && detected(value, (language) => language === "en"),
  "change_case:english_lowercase": () => (value) =>
    isLower(value) && detected(value, (language) => language === "en"),
  "punctuation:no_comma": () => (value) => !value.includes(","),
  "startend:quotation": () => (value) => {
    const quoted = [...strip(value)];
    return quoted.length > 1 && quoted[0] === '"' && quoted.at(-1) === '"';
  },
};

/** The instruction ids IFEval's registry knows (lm-eval's INSTRUCTION_DICT). */
export const IFEVAL_INSTRUCTIONS: readonly string[] = Object.keys(INSTRUCTIONS);

/** The checker of one instruction with its arguments; IfevalInstructionError when it cannot be. */
export function buildChecker(id: string, kwargs: InstructionKwargs): Checker {
  const build = Object.hasOwn(INSTRUCTIONS, id) ? INSTRUCTIONS[id] : undefined;
  if (build === undefined) throw new IfevalInstructionError(`unknown IFEval instruction "${id}"`);
  return build(kwargs, id);
}

function removePrefix(value: string, prefix: string): string {
  return value.startsWith(prefix) ? value.slice(prefix.length) : value;
}

function removeSuffix(value: string, suffix: string): string {
  return suffix !== "" && value.endsWith(suffix) ? value.slice(0, -suffix.length) : value;
}

/**
 * Whether Python's `json.loads` reads `value`: JSON, plus the literals NaN, Infinity and
 * -Infinity that Python's decoder accepts and JSON.parse does not.
 */
export function isPythonJson(value: string): boolean {
  try {
    JSON.parse(replaceNonFinite(value));
    return true;
  } catch {
    return false;
  }
}

/** NaN/Infinity outside string literals become 0, so that JSON.parse judges the rest. */
function replaceNonFinite(value: string): string {
  return value.replace(/"(?:[^"\\]|\\.)*"|-?Infinity|NaN/gs, (token) =>
    token.startsWith('"') ? token : "0",
  );
}

import { z } from "zod";
import { findJson } from "./find-json.ts";

/**
 * A question that leans on the text it was written from ("according to the document …") cannot
 * be answered by a model that never saw it.
 */
const REFERS_TO_SOURCE =
  /\b(?:(?:according to|based on|in|from|per) (?:the|this)|the (?:above|given|provided|following)) (?:document|text|passage|excerpt|context|article)\b/i;

export const GeneratedItemSchema = z.object({
  question: z
    .string()
    .trim()
    .min(10, "shorter than 10 characters")
    .max(2000, "longer than 2,000 characters")
    .refine((q) => !REFERS_TO_SOURCE.test(q), "refers to the document instead of standing alone"),
  // Models often write a numeric answer as a JSON number.
  answer: z
    .union([z.string(), z.number(), z.boolean()])
    .transform(String)
    .pipe(z.string().trim().min(1, "empty").max(500, "longer than 500 characters")),
});
export type GeneratedItem = z.infer<typeof GeneratedItemSchema>;

export type ParsedItems =
  | { ok: true; items: GeneratedItem[]; dropped: number }
  | { ok: false; problem: string };

/** Keys a model uses for the list when it doesn't use "items". */
const LIST_KEYS = ["items", "questions", "pairs", "data", "results"];

/**
 * The question/answer pairs of a generator reply. Invalid items are dropped and counted; the
 * reply is unusable (with a problem to send back in a repair request) when it holds no JSON list
 * of items, or a list none of whose items is valid. An empty list is usable: nothing to ask.
 */
export function parseGeneratedItems(reply: string): ParsedItems {
  const json = findJson(reply);
  if (json === undefined) return { ok: false, problem: "the reply holds no JSON object" };
  const list = Array.isArray(json) ? json : findList(json as Record<string, unknown>);
  if (list === undefined) return { ok: false, problem: 'the reply\'s JSON has no "items" list' };
  const items: GeneratedItem[] = [];
  const problems: string[] = [];
  for (const [i, raw] of list.entries()) {
    const parsed = GeneratedItemSchema.safeParse(raw);
    if (parsed.success) items.push(parsed.data);
    else if (problems.length < 3) problems.push(`item ${i + 1}: ${describe(parsed.error)}`);
  }
  if (items.length === 0 && list.length > 0)
    return { ok: false, problem: `no item is valid (${problems.join("; ")})` };
  return { ok: true, items, dropped: list.length - items.length };
}

function findList(json: Record<string, unknown>): unknown[] | undefined {
  for (const key of LIST_KEYS) {
    const value = json[key];
    if (Array.isArray(value)) return value;
  }
  const arrays = Object.values(json).filter(Array.isArray);
  if (arrays.length === 1) return arrays[0];
  // A single pair, unwrapped.
  if ("question" in json && "answer" in json) return [json];
  return undefined;
}

function describe(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.join(".");
      const message =
        issue.code === "invalid_type" || issue.code === "invalid_union"
          ? "missing or not a string"
          : issue.message;
      return field === "" ? message : `${field}: ${message}`;
    })
    .join(", ");
}

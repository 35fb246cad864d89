import {
  type AnnotationImportItem,
  AnnotationImportItemSchema,
  MAX_ANNOTATIONS_PER_IMPORT,
} from "@assay/protocol";
import type { z } from "zod";
import { type AnnotationProblem, InvalidAnnotationsError, ServiceError } from "../errors.ts";

/**
 * The annotations of a JSONL file (one `{trace_id, judge_id, passed, score?, comment?}` object
 * per line; blank lines are skipped), read line by line as it streams. Every line is checked
 * against the protocol's schema before anything is sent; the line numbers are the file's.
 */
export async function readAnnotationFile(
  file: Blob,
  source: string,
): Promise<AnnotationImportItem[]> {
  const items: AnnotationImportItem[] = [];
  const problems: AnnotationProblem[] = [];
  let lineNumber = 0;
  for await (const line of lines(file)) {
    lineNumber += 1;
    const text = (lineNumber === 1 ? line.replace(/^\uFEFF/, "") : line).trim();
    if (text === "") continue;
    if (items.length + problems.length >= MAX_ANNOTATIONS_PER_IMPORT) {
      throw new ServiceError(
        `${source} holds more than ${MAX_ANNOTATIONS_PER_IMPORT} annotations; import it in parts.`,
      );
    }
    const where = `line ${lineNumber}`;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      problems.push({ where, message: `not valid JSON (${(error as Error).message})` });
      continue;
    }
    const item = checkItem(value, where, problems);
    if (item) items.push(item);
  }
  return finish(source, items, problems);
}

/** Annotations given as an array, checked like a file's lines (`annotations[i]` names them). */
export function checkAnnotationItems(values: readonly unknown[]): AnnotationImportItem[] {
  if (values.length > MAX_ANNOTATIONS_PER_IMPORT) {
    throw new ServiceError(
      `${values.length} annotations are more than ${MAX_ANNOTATIONS_PER_IMPORT} per import; import them in parts.`,
    );
  }
  const problems: AnnotationProblem[] = [];
  const items = values.flatMap((value, i) => checkItem(value, `annotations[${i}]`, problems) ?? []);
  return finish("the annotations given", items, problems);
}

function finish(
  source: string,
  items: AnnotationImportItem[],
  problems: AnnotationProblem[],
): AnnotationImportItem[] {
  if (problems.length > 0) throw new InvalidAnnotationsError(source, problems);
  if (items.length === 0) throw new ServiceError(`no annotations in ${source}`);
  return items;
}

function checkItem(
  value: unknown,
  where: string,
  problems: AnnotationProblem[],
): AnnotationImportItem | undefined {
  const result = AnnotationImportItemSchema.safeParse(value);
  if (result.success) return result.data;
  problems.push({ where, message: result.error.issues.map(describeIssue).join("; ") });
  return undefined;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === "unrecognized_keys") return `unknown field ${issue.keys.join(", ")}`;
  const field = issue.path.length > 0 ? `${issue.path.map(String).join(".")}: ` : "";
  const message = /received undefined$/.test(issue.message)
    ? "is required"
    : issue.message.replace(/^Invalid input: /, "");
  return `${field}${message}`;
}

/** The lines of a text file, decoded as UTF-8 while it streams (never the whole file at once). */
async function* lines(file: Blob): AsyncGenerator<string> {
  const reader = file.stream().pipeThrough(new TextDecoderStream()).getReader();
  try {
    let rest = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const parts = (rest + value).split("\n");
      rest = parts.pop() ?? "";
      yield* parts;
    }
    if (rest !== "") yield rest;
  } finally {
    // A reader that stopped early (too many lines) lets go of the file.
    await reader.cancel();
  }
}

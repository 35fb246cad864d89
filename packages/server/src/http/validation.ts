import type { FieldIssue } from "@assay/protocol";
import type { z } from "zod";
import { AppError } from "../app-error.ts";
import { findUnstorableText } from "../platform/unstorable-text.ts";

/**
 * Parses one part of a request (`params`, `query`, `body`) with its protocol schema. Failures
 * become a 400 naming each field and the reason, e.g. `body.size: must be at most …`.
 */
export function parseRequestPart<S extends z.ZodType>(
  part: "params" | "query" | "body",
  schema: S,
  value: unknown,
): z.output<S> {
  const unstorable = findUnstorableText(value, part);
  if (unstorable)
    throw new AppError("VALIDATION_ERROR", `${unstorable.field}: ${unstorable.message}`, {
      details: [unstorable],
    });
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = result.error.issues.flatMap((issue) => toFieldIssues(part, issue)).slice(0, 20);
  const first = details[0] as FieldIssue;
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : "";
  throw new AppError("VALIDATION_ERROR", `${first.field}: ${first.message}${more}`, { details });
}

function toFieldIssues(part: string, issue: z.core.$ZodIssue): FieldIssue[] {
  const field = (path: PropertyKey[]) => [part, ...path.map(String)].join(".");
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => ({
      field: field([...issue.path, key]),
      message: "is not a known field",
    }));
  }
  return [{ field: field(issue.path), message: describe(issue) }];
}

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_type") {
    // Zod leaves the input out of issues; its message says what arrived.
    if (/received undefined$/.test(issue.message)) return "is required";
    if (issue.expected === "int") return "must be an integer";
  }
  return issue.message.replace(/^Invalid input: /, "");
}

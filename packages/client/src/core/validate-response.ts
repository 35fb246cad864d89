import type { Route } from "@assay/protocol";
import type { z } from "zod";
import { APIResponseValidationError } from "../errors.ts";
import { parseJson } from "./json.ts";
import type { HttpResponse } from "./transport.ts";

/**
 * A 2xx body checked against the route's schema, so callers get typed data or a precise error,
 * never a half-valid object. Unknown keys are stripped by the (non-strict) protocol schemas.
 */
export function validateResponse<R extends Route>(
  route: R,
  response: HttpResponse,
): z.output<R["response"]> {
  const { statusCode, headers, text } = response;
  const parsed = parseJson(text);
  if (!parsed.ok) {
    throw new APIResponseValidationError(
      `Response of ${route.operationId} (status ${statusCode}) is not JSON.`,
      { statusCode, headers, body: text, issues: [] },
    );
  }
  const result = route.response.safeParse(parsed.value);
  if (!result.success) {
    throw new APIResponseValidationError(
      `Response of ${route.operationId} (status ${statusCode}) does not match its schema: ${summarize(result.error.issues)}`,
      { statusCode, headers, body: parsed.value, issues: result.error.issues },
    );
  }
  return result.data as z.output<R["response"]>;
}

function summarize(issues: readonly z.core.$ZodIssue[]): string {
  const shown = issues.slice(0, 3).map((issue) => {
    const path = issue.path.length > 0 ? issue.path.map(String).join(".") : "(root)";
    return `${path}: ${issue.message}`;
  });
  const more = issues.length > shown.length ? ` (+${issues.length - shown.length} more)` : "";
  return `${shown.join("; ")}${more}`;
}

import sjson from "secure-json-parse";
import { badRequest } from "../app-error.ts";

/**
 * How deep a request body may nest arrays and objects. The protocol's deepest values are
 * `extra_payload` (32 levels of its own) inside a body; a hundred levels is far past any request a
 * client makes, and far short of what recursive code downstream (validation, JSON.stringify,
 * response checks) can take without overflowing the stack.
 */
export const MAX_BODY_DEPTH = 100;

/**
 * A request's JSON body: an empty body is no body (GET/DELETE clients send Content-Type without
 * one), `__proto__`/`constructor.prototype` keys are refused instead of polluting objects
 * downstream, and a body nested deeper than MAX_BODY_DEPTH is refused before any route sees it.
 * Refusals are 400s (`statusCode` for Fastify's parser errors, an AppError for the depth).
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === "") return undefined;
  let value: unknown;
  try {
    value = sjson.parse(text, undefined, { protoAction: "error", constructorAction: "error" });
  } catch (error) {
    // secure-json-parse throws SyntaxError for both; only its own refusals name "forbidden".
    const reason = /forbidden (prototype|constructor) property/i.test((error as Error).message)
      ? "body contains a forbidden key (__proto__ or constructor.prototype)"
      : "body is not valid JSON";
    throw Object.assign(new Error(reason), { statusCode: 400 });
  }
  if (nestsDeeperThan(value, MAX_BODY_DEPTH))
    throw badRequest(
      "body",
      `is nested too deeply: more than ${MAX_BODY_DEPTH} levels of arrays and objects`,
    );
  return value;
}

/** Whether `value` holds arrays or objects more than `max` levels deep; no recursion. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [current, depth] = next;
    if (current === null || typeof current !== "object") continue;
    if (depth + 1 > max) return true;
    for (const item of Array.isArray(current) ? current : Object.values(current))
      if (item !== null && typeof item === "object") stack.push([item, depth + 1]);
  }
  return false;
}

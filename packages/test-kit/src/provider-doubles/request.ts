// Reading a chat-completions request: the checks every double repeats, without any provider's
// opinion about what to do when they fail.
import type { IncomingHttpHeaders } from "node:http";

export type Body = Record<string, unknown>;

export function isRecord(value: unknown): value is Body {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The token of `Authorization: Bearer <token>` (the scheme is case-insensitive), if any. */
export function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  const match = /^bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? "");
  return match?.[1];
}

/** `sk-double-openai` → `sk-***enai`: providers echo a masked key, never the key. */
export function maskKey(key: string): string {
  return key.length <= 8 ? "****" : `${key.slice(0, 3)}***${key.slice(-4)}`;
}

/** Whether `key` is present with a value other than null (JSON null means "not set" to most). */
export function isSet(body: Body, key: string): boolean {
  return body[key] !== undefined && body[key] !== null;
}

/** The fields of `body` that are set and not in `known`, in request order. */
export function unknownFields(body: Body, known: ReadonlySet<string>): string[] {
  return Object.keys(body).filter((key) => !known.has(key));
}

/** The output-token limit a request asks for: the first of `fields` that is set. */
export function requestedLimit(
  body: Body,
  fields: readonly string[],
): { field: string; value: unknown } | undefined {
  for (const field of fields) {
    if (isSet(body, field)) return { field, value: body[field] };
  }
  return undefined;
}

export function isPositiveInteger(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value > 0;
}

/** Text of the last user message ("" when there is none); content parts are joined. */
export function lastUserMessage(messages: readonly unknown[]): string {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (isRecord(message) && message.role === "user") return textOf(message.content);
  }
  return "";
}

export function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((part) => (isRecord(part) && typeof part.text === "string" ? part.text : ""))
      .join("");
  }
  return "";
}

/** Formats a JSON value the way providers quote it in messages: `0`, `'minimal'`. */
export function quoted(value: unknown): string {
  return typeof value === "string" ? `'${value}'` : JSON.stringify(value);
}

/** `['a', 'b', 'c']` → `'a', 'b', and 'c'` (OpenAI's phrasing of supported values). */
export function listOfValues(values: readonly string[]): string {
  const items = values.map((value) => `'${value}'`);
  if (items.length <= 2) return items.join(" and ");
  return `${items.slice(0, -1).join(", ")}, and ${items[items.length - 1]}`;
}

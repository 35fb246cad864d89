import { compact, isChatMessages, isObject, type JsonObject } from "@assay/protocol/trace-shapes";
import { contentText, firstUserText, renderMessage, renderMessages } from "./chat.ts";
import { indentRest } from "./values.ts";

// `{input, output, metadata}` (the `input_output` format, recognized by
// @assay/protocol/trace-shapes): its input, and its text for a judge.

/** The input as text: itself, or the first user message of a conversation. */
export function inputOutputInput(record: JsonObject): string {
  return valueInput(record.input);
}

export function valueInput(value: unknown): string {
  if (typeof value === "string") return value;
  if (isChatMessages(value)) return firstUserText(value) ?? contentText(value[0]?.content);
  return value === undefined || value === null ? "" : compact(value);
}

const SHOWN_AS_SECTIONS = new Set(["input", "output", "metadata"]);

export function renderInputOutput(record: JsonObject): string {
  const sections = [`Input:\n${block(record.input)}`];
  if ("output" in record) sections.push(`Output:\n${block(record.output)}`);
  const extra = Object.entries(record).filter(([key]) => !SHOWN_AS_SECTIONS.has(key));
  if (extra.length > 0)
    sections.push(extra.map(([key, value]) => `${key}: ${indentRest(compact(value))}`).join("\n"));
  if (record.metadata !== undefined) sections.push(`Metadata: ${compact(record.metadata)}`);
  return sections.join("\n\n");
}

/** A value as an indented block: text as is, messages one per line, anything else as JSON. */
export function block(value: unknown): string {
  let body: string;
  if (typeof value === "string") body = value;
  else if (isChatMessages(value)) body = renderMessages(value);
  else if (isObject(value) && typeof value.role === "string") body = renderMessage(value);
  else body = value === undefined || value === null ? "(none)" : compact(value);
  return `  ${indentRest(body)}`;
}

import { isChatMessages } from "./chat-messages.ts";
import type { JsonObject } from "./json-values.ts";

// `{input, output, metadata}` (the `input_output` format): the simplest trace, one exchange.
// `input` is text or chat messages; `output` is text, a message, messages or any JSON value.

export function isInputOutput(record: JsonObject): boolean {
  if (!("input" in record)) return false;
  return "output" in record || typeof record.input === "string" || isChatMessages(record.input);
}

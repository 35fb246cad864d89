import { isChatMessages, isObject, type JsonObject } from "@assay/protocol/trace-shapes";
import { type ChatTurn, toChatTurn, toChatTurns } from "./chat-turns.ts";

// `{input, output, metadata}` (the `input_output` format, recognized by
// @assay/protocol/trace-shapes): `input` is text or chat messages; `output` text, a message,
// messages or any JSON value.

/** Text, a conversation, or a JSON value shown as it is. */
export type ValueView =
  | { kind: "text"; text: string }
  | { kind: "turns"; turns: ChatTurn[] }
  | { kind: "json"; value: unknown };

export interface InputOutputView {
  input: ValueView;
  output?: ValueView;
  extra: [string, unknown][];
}

export function toValueView(value: unknown): ValueView {
  if (typeof value === "string") return { kind: "text", text: value };
  if (isChatMessages(value)) return { kind: "turns", turns: toChatTurns(value) };
  if (isObject(value) && typeof value.role === "string")
    return { kind: "turns", turns: [toChatTurn(value)] };
  return { kind: "json", value };
}

export function readInputOutput(record: JsonObject): InputOutputView {
  const view: InputOutputView = {
    input: toValueView(record.input),
    extra: Object.entries(record).filter(([key]) => key !== "input" && key !== "output"),
  };
  if ("output" in record) view.output = toValueView(record.output);
  return view;
}

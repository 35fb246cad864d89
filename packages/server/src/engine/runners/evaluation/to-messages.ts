import type { ChatMessage } from "../../gateway/endpoint.ts";

const ROLES = new Set(["system", "user", "assistant"]);

/**
 * The chat messages for a stored prompt input: text becomes one user message, a list of chat
 * messages is sent as given, any other JSON payload is sent as its JSON text. The benchmark's
 * system prompt goes first unless the messages bring their own.
 */
export function toMessages(inputJson: string, systemPrompt: string | null): ChatMessage[] {
  const input = JSON.parse(inputJson) as unknown;
  let messages: ChatMessage[];
  if (typeof input === "string") messages = [{ role: "user", content: input }];
  else if (Array.isArray(input) && input.every(isMessageLike)) {
    messages = input.map((m) => ({
      role: ROLES.has(String(m.role)) ? (m.role as ChatMessage["role"]) : "user",
      content: typeof m.content === "string" ? m.content : JSON.stringify(m.content),
    }));
  } else messages = [{ role: "user", content: JSON.stringify(input) }];
  if (systemPrompt && !messages.some((m) => m.role === "system"))
    messages.unshift({ role: "system", content: systemPrompt });
  return messages;
}

function isMessageLike(value: unknown): value is { role: unknown; content: unknown } {
  return typeof value === "object" && value !== null && "role" in value && "content" in value;
}

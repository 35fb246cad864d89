import { isObject, type JsonObject } from "./json-values.ts";

// Chat messages as the common providers write them (OpenAI, Anthropic, the OpenTelemetry GenAI
// parts): what makes a list a conversation, and who in it is the user. How a message reads is
// each reader's own (the server's judge text, the dashboard's turns).

/** Roles that stand for the person using the application. */
const USER_ROLES = new Set(["user", "human"]);

/** A non-empty list of objects that all carry a string `role`. */
export function isChatMessages(value: unknown): value is JsonObject[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((m) => isObject(m) && typeof m.role === "string")
  );
}

export function isUserMessage(message: JsonObject): boolean {
  return typeof message.role === "string" && USER_ROLES.has(message.role.toLowerCase());
}

import type { ProviderDouble } from "@assay/test-kit/provider-doubles/core.ts";

export interface ChatReply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read provider bodies by path.
  json: any;
}

/**
 * POSTs `body` to the double's chat-completions route with its key as a bearer token, as
 * Assay's gateway does; `key: null` sends no Authorization header, a string sends that key.
 */
export async function postChat(
  double: ProviderDouble,
  body: unknown,
  options: { key?: string | null; raw?: string } = {},
): Promise<ChatReply> {
  const key = options.key === undefined ? double.apiKey : options.key;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (key !== null && key !== undefined) headers.authorization = `Bearer ${key}`;
  const response = await fetch(`${double.url}/chat/completions`, {
    method: "POST",
    headers,
    body: options.raw ?? JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

/** A request with one user message. */
export function ask(model: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { model, messages: [{ role: "user", content: "What is 2 + 2?" }], ...extra };
}

import { APIConnectionError, APIStatusError, type ResponseHeaders } from "../errors.ts";
import type { FetchLike } from "./client-options.ts";
import { headersToRecord } from "./headers.ts";

/** One server-sent event: its name (`message` when unnamed) and its `data` lines joined. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

export interface OpenedEventStream {
  headers: ResponseHeaders;
  body: ReadableStream<Uint8Array>;
}

/**
 * Opens a server-sent event stream with plain fetch (no EventSource: it cannot send headers, and
 * browsers and Node both stream fetch bodies). A non-2xx answer becomes the usual status error.
 */
export async function openEventStream(
  fetch: FetchLike,
  url: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<OpenedEventStream> {
  let response: Response;
  try {
    response = await fetch(url, { method: "GET", headers, signal, redirect: "manual" });
  } catch (cause) {
    throw new APIConnectionError({
      message: `Connection error: ${(cause as Error)?.message ?? String(cause)}`,
      cause,
    });
  }
  const responseHeaders = headersToRecord(response.headers);
  if (response.status < 200 || response.status >= 300 || !response.body) {
    const text = await response.text();
    throw APIStatusError.generate(response.status, text, responseHeaders);
  }
  return { headers: responseHeaders, body: response.body };
}

/**
 * The events of a stream body, by the HTML spec's line rules: fields `event` and `data`, events
 * ending at a blank line, comments (`:`) and `retry`/`id` ignored. Reads with a reader (not
 * `for await`, which some browsers lack).
 */
export async function* readEventStream(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let event = "";
  let data: string[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = lines.pop() ?? "";
      for (const line of lines) {
        if (line === "") {
          if (data.length > 0) yield { event: event || "message", data: data.join("\n") };
          event = "";
          data = [];
          continue;
        }
        const colon = line.indexOf(":");
        if (colon === 0) continue;
        const field = colon < 0 ? line : line.slice(0, colon);
        const raw = colon < 0 ? "" : line.slice(colon + 1);
        const text = raw.startsWith(" ") ? raw.slice(1) : raw;
        if (field === "event") event = text;
        else if (field === "data") data.push(text);
      }
    }
  } finally {
    reader.releaseLock();
  }
}

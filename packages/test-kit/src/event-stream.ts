/** One server-sent event as a test reads it. */
export interface ReadEvent {
  event: string;
  data: string;
}

export interface OpenedStream {
  status: number;
  headers: Headers;
  /** `retry:` values and comment lines seen so far, in order. */
  extras: string[];
  /** The events, until the server ends the stream (or `close()`). */
  events: AsyncGenerator<ReadEvent>;
  close(): void;
}

/**
 * Opens a server-sent event stream with fetch and parses it by the spec's line rules (events
 * end at a blank line; `:` starts a comment). Non-2xx answers come back with no events.
 */
export async function openEventStream(url: string, apiKey: string): Promise<OpenedStream> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { "x-api-key": apiKey, accept: "text/event-stream" },
    signal: abort.signal,
  });
  const extras: string[] = [];
  async function* events(): AsyncGenerator<ReadEvent> {
    if (!response.ok || !response.body) return;
    const decoder = new TextDecoder();
    let buffer = "";
    let event = "message";
    let data: string[] = [];
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let newline = buffer.indexOf("\n");
        while (newline >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          newline = buffer.indexOf("\n");
          if (line === "") {
            if (data.length > 0) yield { event, data: data.join("\n") };
            event = "message";
            data = [];
          } else if (line.startsWith(":") || line.startsWith("retry:")) extras.push(line);
          else if (line.startsWith("event: ")) event = line.slice(7);
          else if (line.startsWith("data: ")) data.push(line.slice(6));
        }
      }
    } catch (error) {
      if (!abort.signal.aborted) throw error;
    }
  }
  return {
    status: response.status,
    headers: response.headers,
    extras,
    events: events(),
    close: () => abort.abort(),
  };
}

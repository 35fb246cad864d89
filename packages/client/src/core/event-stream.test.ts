import { describe, expect, it } from "vitest";
import { readEventStream } from "./event-stream.ts";

function bodyOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function all(chunks: string[]) {
  const events = [];
  for await (const event of readEventStream(bodyOf(chunks))) events.push(event);
  return events;
}

describe("readEventStream", () => {
  it("parses named events, skips comments and retry, and joins data lines", async () => {
    expect(
      await all([
        "retry: 3000\n\n",
        ": heartbeat\n\n",
        'event: progress\ndata: {"done":1}\n\n',
        "data: first\ndata: second\n\n",
      ]),
    ).toEqual([
      { event: "progress", data: '{"done":1}' },
      { event: "message", data: "first\nsecond" },
    ]);
  });

  it("handles events split across chunks and CRLF line ends", async () => {
    expect(await all(["event: do", 'ne\r\ndata: {"a"', ":1}\r\n", "\r\n"])).toEqual([
      { event: "done", data: '{"a":1}' },
    ]);
  });

  it("drops an event the stream cut off before its blank line", async () => {
    expect(await all(["event: progress\ndata: 1\n"])).toEqual([]);
  });
});

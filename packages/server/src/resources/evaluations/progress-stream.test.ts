import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { type ProgressPoller, streamProgress } from "./progress-stream.ts";
import type { EvaluationProgressRow } from "./repository.ts";

/** A poller the test drives: `emit` hands a value to every subscriber. */
function drivenPoller() {
  const listeners = new Set<(row: EvaluationProgressRow | undefined) => void>();
  const poller: ProgressPoller = {
    subscribe(_key, listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stats: () => ({ pollers: listeners.size > 0 ? 1 : 0, subscribers: listeners.size, reads: 0 }),
  };
  return {
    poller,
    listeners,
    emit: (row?: EvaluationProgressRow) => {
      for (const listener of [...listeners]) listener(row);
    },
  };
}

const row = (done: number, status = "in-progress"): EvaluationProgressRow => ({
  id: "e1",
  status,
  status_description: "",
  total_count: 4,
  done_count: done,
  correct_count: done,
  failed_count: 0,
  cached_count: 0,
  finished_at: status === "success" ? "2026-11-24T00:00:00.000Z" : null,
});

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function serve(poller: ProgressPoller, heartbeatMs: number) {
  const server = Fastify();
  app = server;
  server.get("/events", async (_request, reply) => {
    streamProgress({ reply, poller, evaluationId: "e1", heartbeatMs });
    return reply;
  });
  const url = await server.listen({ host: "127.0.0.1", port: 0 });
  const response = await fetch(`${url}/events`);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  return {
    response,
    /** Reads until `pattern` appears in everything received so far (or the stream ends). */
    async until(pattern: RegExp): Promise<string> {
      while (!pattern.test(text)) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      return text;
    },
  };
}

describe("streamProgress", () => {
  it("sends a retry hint, heartbeats, changed progress only, then done, and ends", async () => {
    const { poller, listeners, emit } = drivenPoller();
    const client = await serve(poller, 10);
    expect(client.response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    await client.until(/: heartbeat\n\n/);
    expect(listeners.size).toBe(1);
    emit(row(1));
    emit(row(1));
    emit(row(2));
    emit(row(4, "success"));
    const text = await client.until(/event: done/);
    const events = [...text.matchAll(/event: (\w+)\ndata: (.*)\n\n/g)].map((m) => [
      m[1],
      JSON.parse(m[2] as string).done,
    ]);
    expect(text.startsWith("retry: 3000\n\n")).toBe(true);
    expect(events).toEqual([
      ["progress", 1],
      ["progress", 2],
      ["done", 4],
    ]);
    expect(await client.until(/never/)).toBe(text);
    expect(listeners.size).toBe(0);
  });

  it("ends the stream when the evaluation disappears", async () => {
    const { poller, listeners, emit } = drivenPoller();
    const client = await serve(poller, 60_000);
    await client.until(/retry/);
    emit(undefined);
    expect(await client.until(/never/)).toBe("retry: 3000\n\n");
    expect(listeners.size).toBe(0);
  });
});

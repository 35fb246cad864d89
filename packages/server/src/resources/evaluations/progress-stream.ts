import type { EvaluationEventName, EvaluationProgressEvent } from "@assay/protocol";
import type { FastifyReply } from "fastify";
import type { SharedPoller } from "../../platform/shared-poller.ts";
import { isFinishedEvent, toProgressEvent } from "./progress-event.ts";
import type { EvaluationProgressRow } from "./repository.ts";

/** A comment line every so often keeps proxies and load balancers from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;
/** What `retry:` tells an EventSource to wait before reconnecting. */
export const RETRY_MS = 3_000;

export type ProgressPoller = SharedPoller<EvaluationProgressRow | undefined>;

/**
 * Answers a request with the server-sent events of one evaluation's progress: the headers, a
 * `retry:` hint, a `progress` event whenever the counters moved (the first at once), a heartbeat
 * comment every `heartbeatMs`, and a `done` event with the final state, after which the stream
 * ends. The values come from the shared poller, so viewers of one evaluation share its reads. A
 * client going away, the evaluation disappearing or `close()` (server shutdown) end it too, and
 * every ending releases the subscription and the heartbeat.
 */
export function streamProgress(options: {
  reply: FastifyReply;
  poller: ProgressPoller;
  evaluationId: string;
  heartbeatMs?: number;
}): { close(): void; closed: Promise<void> } {
  const { reply } = options;
  const raw = reply.raw;
  reply.hijack();
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
    // nginx buffers responses unless told otherwise.
    "x-accel-buffering": "no",
  });
  raw.write(`retry: ${RETRY_MS}\n\n`);

  let last = "";
  let ended = false;
  let resolveClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  const send = (name: EvaluationEventName, event: EvaluationProgressEvent) => {
    raw.write(`event: ${name}\ndata: ${JSON.stringify(event)}\n\n`);
  };
  const heartbeat = setInterval(
    () => raw.write(": heartbeat\n\n"),
    options.heartbeatMs ?? HEARTBEAT_MS,
  );
  const unsubscribe = options.poller.subscribe(options.evaluationId, (row) => {
    if (ended) return;
    if (!row) return end(); // deleted while watched
    const event = toProgressEvent(row);
    if (isFinishedEvent(event)) {
      send("done", event);
      return end();
    }
    const text = JSON.stringify(event);
    if (text !== last) send("progress", event);
    last = text;
  });

  function end() {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    if (!raw.writableEnded) raw.end();
    resolveClosed();
  }
  raw.on("close", end);
  return { close: end, closed };
}

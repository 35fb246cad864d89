// The traces the dashboard's trace budgets are measured on (issue 16), put in through the API as
// users put theirs: one ~5 MiB chat uploaded as a file (the size of packages/web/test/traces.test.ts's
// case), and annotation queues: small chats judged by a fake judge endpoint registered as a
// custom model, through the service's own trace-evaluation workers.
import type { Client } from "@assay/client";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { judgeBehavior } from "@assay/test-kit/trace-evaluation-fixtures.ts";
import { addFakeModel } from "../../packages/web/test/support/dashboard-service.ts";

/** The text the viewer must show first: the first message of the big chat begins with it. */
export const FIRST_MESSAGE = "0: word word";

/** The file the big trace is uploaded as. */
export const BIG_TRACE_FILE = "big.json";

export interface BigTrace {
  id: string;
  bytes: number;
  messages: number;
}

/** One chat of 5,200 messages of ~1 KiB each, a little over 5 MiB as JSON, uploaded as a file. */
export async function uploadBigTrace(client: Client): Promise<BigTrace> {
  const message = "word ".repeat(200);
  const messages = Array.from({ length: 5200 }, (_, i) => ({
    role: i % 2 === 0 ? "user" : "assistant",
    content: `${i}: ${message}`,
  }));
  const data = new TextEncoder().encode(JSON.stringify({ messages }));
  if (data.length <= 5 * 1024 * 1024) throw new Error(`the big trace is ${data.length} bytes`);
  const { trace_ids } = await client.traces.upload({ data, filename: BIG_TRACE_FILE });
  const id = trace_ids[0];
  if (trace_ids.length !== 1 || id === undefined) throw new Error(`uploaded ${trace_ids}`);
  return { id, bytes: data.length, messages: messages.length };
}

/** A short support chat; the fake judge passes the ones that name Paris (every other one). */
function queueChat(i: number) {
  const city = i % 2 === 0 ? "Paris" : "Lyon";
  return {
    messages: [
      { role: "system", content: "You are a travel agent. Answer in two sentences." },
      { role: "user", content: `Trip ${i}: where should I spend a weekend in France in spring?` },
      {
        role: "assistant",
        content: `${city}, for its markets and gardens in April. ${"Book early, it fills up. ".repeat(8)}`,
      },
      { role: "user", content: "And how do I get there from the airport?" },
      { role: "assistant", content: `Take the train to ${city}; it runs every 20 minutes.` },
    ],
  };
}

export interface Queues {
  judge: FakeModelServer;
  /** One judge per round: each has judged every trace, none labelled. */
  judgeIds: string[];
  traces: number;
}

/**
 * `traces` chats uploaded once and `queues` judges that each judged all of them (one queue per
 * round: labelling empties a queue).
 */
export async function seedQueues(
  client: Client,
  sizes: { queues: number; traces: number },
  log: (line: string) => void,
): Promise<Queues> {
  const started = performance.now();
  const judge = await startFakeModelServer({ behavior: judgeBehavior() });
  const model = await addFakeModel(client, "fake/judge", judge);
  const lines = Array.from({ length: sizes.traces }, (_, i) => JSON.stringify(queueChat(i)));
  const { trace_ids } = await client.traces.upload({
    data: new TextEncoder().encode(`${lines.join("\n")}\n`),
    filename: "trips.jsonl",
  });
  const judgeIds: string[] = [];
  for (let q = 0; q < sizes.queues; q++) {
    const created = await client.judges.create({
      name: `Names Paris ${q + 1}`,
      evaluation_goal: "Pass when the answer names Paris.",
      model_id: model.id,
    });
    const evaluations = await client.traceEvaluations.createMany(trace_ids, created.id);
    for (const evaluation of evaluations) {
      const done = await client.traceEvaluations.waitForCompletion(evaluation.id, {
        intervalMs: 100,
        timeoutMs: 60_000,
      });
      if (done.traceEvaluation.status !== "success") {
        throw new Error(`a trace evaluation of judge ${q + 1} ${done.traceEvaluation.status}`);
      }
    }
    judgeIds.push(created.id);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  log(`judged ${sizes.traces} traces with ${sizes.queues} judges in ${seconds} s`);
  return { judge, judgeIds, traces: trace_ids.length };
}

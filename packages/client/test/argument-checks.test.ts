import type { Client } from "@assay/client";
import { describe, expect, it } from "vitest";
import { organizationReply, testClient } from "./support/fixtures.ts";
import { startScriptedServer } from "./support/scripted-server.ts";

/**
 * What JavaScript callers pass where TypeScript would have stopped them: each method raises a
 * TypeError naming the parameter, what it expects and what it got, and sends nothing.
 */

const MODEL = { id: "m-1", key: "acme/model" };
const BENCHMARK = { id: "b-1", key: "arithmetic" };

/** Bypasses the compiler, as plain JavaScript does. */
const js = (value: unknown) => value as never;

const CASES: [string, (client: Client) => Promise<unknown> | AsyncGenerator, string][] = [
  [
    "evaluations.create with an unknown key's undefined",
    (c) => c.evaluations.create(js(undefined), BENCHMARK),
    "model must be a Model object (e.g. from client.models.getByKey()), got undefined",
  ],
  [
    "evaluations.create with null",
    (c) => c.evaluations.create(MODEL, js(null)),
    "benchmark must be a Benchmark object (e.g. from client.benchmarks.getByKey()), got null",
  ],
  [
    "evaluations.create with a key instead of the object",
    (c) => c.evaluations.create(js("openai/gpt-4o"), BENCHMARK),
    'model must be a Model object (e.g. from client.models.getByKey()), got the string "openai/gpt-4o"',
  ],
  [
    "evaluations.create with an object without id",
    (c) => c.evaluations.create(js({ key: "openai/gpt-4o" }), BENCHMARK),
    "model must be a Model object (e.g. from client.models.getByKey()), got an object without an id",
  ],
  [
    "evaluations.createMany with a bad item",
    (c) => c.evaluations.createMany([{ model: MODEL, benchmark: BENCHMARK }, js({ model: MODEL })]),
    "inputs[1].benchmark must be a Benchmark object (e.g. from client.benchmarks.getByKey()), got undefined",
  ],
  [
    "evaluations.createMany without an array",
    (c) => c.evaluations.createMany(js({ model: MODEL, benchmark: BENCHMARK })),
    "inputs must be an array of { model, benchmark }, got an object without an id",
  ],
  [
    "evaluations.get with undefined",
    (c) => c.evaluations.get(js(undefined)),
    "evaluation must be an Evaluation object or its id, got undefined",
  ],
  [
    "evaluations.waitForCompletion with a number",
    (c) => c.evaluations.waitForCompletion(js(42)),
    "evaluation must be an Evaluation object or its id, got the number 42",
  ],
  [
    "evaluations.cancel with an empty id",
    (c) => c.evaluations.cancel(""),
    "evaluation must be an Evaluation object or its id, got an empty string",
  ],
  [
    "results.get without an evaluation",
    (c) => c.results.get({ evaluation: js(undefined) }),
    "params.evaluation must be an Evaluation object or its id, got undefined",
  ],
  [
    "results.getAll with null",
    (c) => c.results.getAll(js(null)),
    "evaluation must be an Evaluation object or its id, got null",
  ],
  [
    "results.iterate with undefined",
    (c) => c.results.iterate(js(undefined)),
    "evaluation must be an Evaluation object or its id, got undefined",
  ],
  [
    "public.comparisons.compare with one evaluation missing",
    (c) => c.public.comparisons.compare("e-1", js(undefined)),
    "evaluation2 must be an Evaluation object or its id, got undefined",
  ],
  [
    "judges.get with undefined",
    (c) => c.judges.get(js(undefined)),
    "judge must be a Judge object or its id, got undefined",
  ],
  [
    "traceEvaluations.create with a judge missing",
    (c) => c.traceEvaluations.create("t-1", js(null)),
    "judge must be a Judge object or its id, got null",
  ],
  [
    "traceEvaluations.createMany with one id instead of a list",
    (c) => c.traceEvaluations.createMany(js("t-1"), "j-1"),
    'traces must be an array of Trace objects or ids, got the string "t-1"',
  ],
  [
    "traceEvaluations.waitForCompletion with undefined",
    (c) => c.traceEvaluations.waitForCompletion(js(undefined)),
    "traceEvaluation must be a TraceEvaluation object or its id, got undefined",
  ],
  [
    "annotations.get with an array",
    (c) => c.annotations.get(js(["te-1"])),
    "traceEvaluation must be a TraceEvaluation object or its id, got an array",
  ],
  [
    "judgeOptimizations.waitForCompletion with an object without id",
    (c) => c.judgeOptimizations.waitForCompletion(js({ status: "pending" })),
    "run must be a JudgeOptimizationRun object or its id, got an object without an id",
  ],
  [
    "traces.delete with undefined",
    (c) => c.traces.delete(js(undefined)),
    "trace must be a Trace object or its id, got undefined",
  ],
];

describe("arguments of the wrong type", () => {
  it.each(CASES)("%s: TypeError, no request", async (_name, call, message) => {
    await using server = await startScriptedServer();
    server.on("GET", "/organizations", organizationReply());
    const client = testClient(server);
    const result = call(client);
    const error = await ("next" in result ? result.next() : result).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe(message);
    expect(server.requests).toEqual([]);
  });
});

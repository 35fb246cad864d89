import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Evaluation, ListResultsResponse } from "@assay/protocol";
import {
  createModel,
  importBuiltinFixture,
  runEvaluation,
  type Tenant,
  tenantOf,
} from "@assay/test-kit/evaluation-fixtures.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { fixtureDefinition } from "@assay/test-kit/fixture-definition.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BenchmarkDefinition,
  findBuiltinBenchmark,
  readBenchmarkFile,
} from "../../src/catalog/benchmarks/index.ts";

/**
 * Every built-in benchmark, end to end from a small copy of its canonical file: imported as
 * `assay catalog import <key> --file` does, run through the real service against a model that
 * answers each prompt with a scripted response, and scored as the fixture says each response
 * must be. `test/fixtures/benchmarks/<key>/` holds the data file (named as the canonical source
 * names it, in its format), `answers.jsonl`: one `{id, response, passed, judge?}` per prompt, and
 * for a benchmark with figures besides accuracy, `figures.json`: the values the run must report.
 * The same fake model is the service's default judge: it answers a grading request with the
 * `judge` reply of the response being graded.
 */
const FIXTURES = resolve(import.meta.dirname, "../fixtures/benchmarks");

interface ScriptedAnswer {
  id: string;
  response: string;
  passed: boolean;
  /** For a judge-graded benchmark: what the judge replies when it grades this response. */
  judge?: string;
}

interface Fixture {
  definition: BenchmarkDefinition;
  file: string;
  answers: ScriptedAnswer[];
  figures: Record<string, number> | undefined;
}

function readFixture(key: string): Fixture {
  const definition = findBuiltinBenchmark(key);
  if (!definition) throw new Error(`test/fixtures/benchmarks/${key}: no built-in benchmark ${key}`);
  const file = join(FIXTURES, key, definition.source.filename);
  if (!existsSync(file))
    throw new Error(`${key}: the fixture has no ${definition.source.filename}`);
  const answers = readFileSync(join(FIXTURES, key, "answers.jsonl"), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as ScriptedAnswer);
  const figuresFile = join(FIXTURES, key, "figures.json");
  const figures = existsSync(figuresFile)
    ? (JSON.parse(readFileSync(figuresFile, "utf8")) as Record<string, number>)
    : undefined;
  return { definition, file, answers, figures };
}

const fixtures = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()
  .map(readFixture);

let service: TestService;
let fake: FakeModelServer;
let tenant: Tenant;
let modelId: string;
/** What the model answers, by the exact prompt text it is sent. */
const responses = new Map<string, string>();
/** What the judge replies, by the response it grades. */
const judgeReplies = new Map<string, string>();
const GRADED = /\nPredicted answer: ([\s\S]*?)\n```/;

beforeAll(async () => {
  fake = await startFakeModelServer({
    behavior: ({ lastUserMessage }) => {
      const graded = GRADED.exec(lastUserMessage)?.[1];
      const content =
        graded === undefined ? responses.get(lastUserMessage) : judgeReplies.get(graded);
      return content === undefined ? { content: "unknown prompt", bad: true } : { content };
    },
  });
  service = await startTestService({
    workers: true,
    env: { ALLOWED_MODEL_HOSTS: "127.0.0.1", ASSAY_DEFAULT_JUDGE_MODEL: "acme/fake" },
  });
  tenant = await tenantOf(service);
  modelId = await createModel(service, tenant, fake.url);
});
afterAll(async () => {
  await service?.close();
  await fake?.close();
});

describe.each(fixtures.map((f) => [f.definition.key, f] as const))("%s", (_key, fixture) => {
  it("imports its canonical file and scores every scripted response as the fixture says", async () => {
    const { definition, file, answers, figures } = fixture;
    const loaded = await readBenchmarkFile(fixtureDefinition(definition, answers.length), file);
    const byId = new Map(answers.map((a) => [a.id, a]));
    for (const prompt of loaded.prompts) {
      const answer = byId.get(prompt.id);
      if (!answer) throw new Error(`${definition.key}: answers.jsonl has no ${prompt.id}`);
      responses.set(prompt.input, answer.response);
      if (answer.judge !== undefined) judgeReplies.set(answer.response, answer.judge);
    }

    const benchmarkId = await importBuiltinFixture(service, definition.key, file, answers.length);
    const done: Evaluation = await runEvaluation(service, tenant, {
      model_id: modelId,
      dataset_id: benchmarkId,
    });
    const page = await service.call<ListResultsResponse>(
      "GET",
      `/results?evaluation_id=${done.id}&page_size=500`,
      { apiKey: tenant.key },
    );
    const verdicts = Object.fromEntries(page.body.results.map((r) => [r.prompt_id, r.passed]));
    expect(verdicts).toEqual(Object.fromEntries(answers.map((a) => [a.id, a.passed])));
    const correct = answers.filter((a) => a.passed).length;
    expect(done.accuracy).toBeCloseTo(correct / answers.length, 10);
    // Subsets are recorded, each prompt's (`default` for a prompt without one).
    const subsets = new Set(loaded.prompts.map((p) => p.subset ?? "default"));
    expect(done.assay.subsets.map((s) => s.name).sort()).toEqual([...subsets].sort());
    // The figures besides accuracy, computed when the run ended.
    const reported = Object.fromEntries((done.assay.figures ?? []).map((f) => [f.name, f.value]));
    expect(Object.keys(reported).sort()).toEqual(Object.keys(figures ?? {}).sort());
    for (const [name, value] of Object.entries(figures ?? {}))
      expect(reported[name], name).toBeCloseTo(value, 10);
  });
});

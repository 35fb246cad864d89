import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Evaluation, GetOrganizationResponse } from "@assay/protocol";
import { createCatalogAdmin } from "@assay/server/src/admin/catalog.ts";
import { type FakeBehavior, makeArithmeticItem } from "./fake-model-server.ts";
import { fixtureDefinition } from "./fixture-definition.ts";
import type { AnswerBehavior } from "./provider-doubles/index.ts";
import { GSM8K_TEST_FILE } from "./shared-datasets.ts";
import type { TestService } from "./test-service.ts";
import { uploadFile } from "./upload-file.ts";

export interface Tenant {
  key: string;
  org: string;
  project: string;
}

export async function tenantOf(service: TestService, key = service.apiKey): Promise<Tenant> {
  const res = await service.call<GetOrganizationResponse>("GET", "/organizations", {
    apiKey: key,
  });
  return { key, org: res.body.data.id, project: res.body.data.projects[0]!.id };
}

/**
 * Loads the shared GSM8K test split (or another file of its shape) as the built-in `gsm8k`
 * benchmark, as `assay catalog import` does; answers its id.
 */
export async function importGsm8k(service: TestService, file = GSM8K_TEST_FILE): Promise<string> {
  const admin = createCatalogAdmin({
    ...service.running.deps,
    dataDir: service.running.deps.config.dataDir,
  });
  return (await admin.import("gsm8k", file)).id;
}

/**
 * Loads `file`, a small copy of a built-in benchmark's canonical file (`promptCount` prompts), as
 * that built-in, as `assay catalog import <key> --file` does; answers the benchmark's id. The
 * catalog insists on the canonical split's row count, which a fixture of a few rows cannot have:
 * here, and only here, the definition is the built-in's with the fixture's count.
 */
export async function importBuiltinFixture(
  service: TestService,
  key: string,
  file: string,
  promptCount: number,
): Promise<string> {
  const { catalog } = service.running.deps;
  const admin = createCatalogAdmin({
    ...service.running.deps,
    dataDir: service.running.deps.config.dataDir,
    catalog: {
      ...catalog,
      findBenchmark(idOrKey) {
        const definition = catalog.findBenchmark(idOrKey);
        return definition && fixtureDefinition(definition, promptCount);
      },
    },
  });
  return (await admin.import(key, file)).id;
}

/** A corrected GSM8K test split (its first question reworded): new data of the same shape. */
export function writeCorrectedGsm8k(): string {
  const file = join(mkdtempSync(join(tmpdir(), "assay-gsm8k-")), "test.jsonl");
  const [first, ...rest] = readFileSync(GSM8K_TEST_FILE, "utf8").split("\n");
  const row = JSON.parse(first as string) as { question: string; answer: string };
  writeFileSync(
    file,
    [JSON.stringify({ ...row, question: `${row.question} ` }), ...rest].join("\n"),
  );
  return file;
}

/** GSM8K questions and their final answers, in file order. */
export function gsm8kAnswers(): { question: string; answer: string }[] {
  return readFileSync(GSM8K_TEST_FILE, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const row = JSON.parse(line) as { question: string; answer: string };
      return { question: row.question, answer: row.answer.split("####").pop()!.trim() };
    });
}

/**
 * How many GSM8K prompts gsm8kBehavior answers right. A few questions appear twice in the file;
 * the behavior answers by the question's last index, so this counts by that too.
 */
export function gsm8kExpectedCorrect(limit = Infinity): number {
  const rows = gsm8kAnswers();
  const lastIndex = new Map(rows.map((a, i) => [a.question, i]));
  return rows.slice(0, limit).filter((a) => (lastIndex.get(a.question) as number) % 4 !== 3).length;
}

/**
 * A GSM8K "model": right on three questions of four (wrong when the question's index in the file
 * is ≡ 3 mod 4), so a full run scores exactly 75 % when every prompt is answered. `wrong` picks
 * other questions to get wrong (comparisons need models that disagree).
 */
export function gsm8kBehavior(
  wrong: (index: number) => boolean = (index) => index % 4 === 3,
): FakeBehavior {
  const byQuestion = new Map(gsm8kAnswers().map((a, i) => [a.question, { ...a, index: i }]));
  return ({ lastUserMessage }) => {
    const question = lastUserMessage.slice(lastUserMessage.indexOf("Question: ") + 10);
    const found = byQuestion.get(question);
    if (!found) return { content: "I do not know.", bad: true };
    const answer = wrong(found.index)
      ? `${Number(found.answer.replace(/,/g, "")) + 1}`
      : found.answer;
    return { content: `Let me work it out step by step.\n#### ${answer}` };
  };
}

/**
 * A custom benchmark "Sums" of `prompts` arithmetic questions (makeArithmeticItem with `seed`,
 * which arithmeticBehavior answers), scored numerically; answers its id.
 */
export async function createSumsBenchmark(
  service: TestService,
  tenant: Tenant,
  prompts: number,
  seed: number,
): Promise<string> {
  const rows = Array.from({ length: prompts }, (_, i) => {
    const item = makeArithmeticItem(i + 1, seed);
    return JSON.stringify({ input: item.question, truth: item.answer });
  });
  await uploadFile(service, tenant, "sums.jsonl", rows.join("\n"));
  const res = await service.call<{ data: { benchmark_id: string } }>(
    "POST",
    `/organizations/${tenant.org}/projects/${tenant.project}/custom-benchmarks`,
    {
      apiKey: tenant.key,
      json: { name: "Sums", description: "", file: "sums.jsonl", scoring_metric: "numeric" },
    },
  );
  if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
  return res.body.data.benchmark_id;
}

/**
 * A provider double's answer to a Sums question ("… What is A + B?"): "The answer is <A+B>.",
 * so a test can tell the answer came back whole (sumsAnswer gives the one it expects).
 */
export const answerSums: AnswerBehavior = ({ lastUserMessage }) => {
  const match = /What is (\d+) \+ (\d+)\?/.exec(lastUserMessage);
  return match ? `The answer is ${Number(match[1]) + Number(match[2])}.` : "I do not know.";
};

/** answerSums' answer to prompt `id` (1-based, as createSumsBenchmark numbers them). */
export function sumsAnswer(id: number, seed: number): string {
  return `The answer is ${makeArithmeticItem(id, seed).answer}.`;
}

/** A custom model of the tenant's project calling `apiUrl`. */
export async function createModel(
  service: TestService,
  tenant: Tenant,
  apiUrl: string,
  key = "acme/fake",
  /** More of the body, e.g. the model's prices. */
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = await service.call<{ data: { model_id: string } }>(
    "POST",
    `/organizations/${tenant.org}/projects/${tenant.project}/custom-models`,
    {
      apiKey: tenant.key,
      json: {
        name: "Fake",
        key,
        description: "fake endpoint",
        api_url: apiUrl,
        max_tokens: 256,
        ...extra,
      },
    },
  );
  if (res.status !== 200 && res.status !== 201) throw new Error(res.text);
  return res.body.data.model_id;
}

export async function createEvaluation(
  service: TestService,
  tenant: Tenant,
  item: Record<string, unknown>,
): Promise<Evaluation> {
  const res = await service.call<{ data: Evaluation[] }>(
    "POST",
    `/organizations/${tenant.org}/projects/${tenant.project}/evaluations`,
    { apiKey: tenant.key, json: [item] },
  );
  if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
  return res.body.data[0]!;
}

const FINISHED = new Set(["success", "failure", "timeout", "cancelled"]);

export async function waitForEvaluation(
  service: TestService,
  id: string,
  options: { key?: string; timeoutMs?: number; until?: (e: Evaluation) => boolean } = {},
): Promise<Evaluation> {
  const until = options.until ?? ((e: Evaluation) => FINISHED.has(e.status));
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    const res = await service.call<Evaluation>("GET", `/evaluations/${id}`, {
      apiKey: options.key,
    });
    if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
    if (until(res.body)) return res.body;
    if (Date.now() > deadline)
      throw new Error(
        `evaluation ${id} still ${res.body.status} (${res.body.assay.progress.done}/${res.body.assay.progress.total})`,
      );
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Creates an evaluation and waits for it to finish; throws unless it succeeded. */
export async function runEvaluation(
  service: TestService,
  tenant: Tenant,
  item: Record<string, unknown>,
): Promise<Evaluation> {
  const created = await createEvaluation(service, tenant, item);
  const done = await waitForEvaluation(service, created.id, { key: tenant.key });
  if (done.status !== "success") throw new Error(`${done.status}: ${done.status_description}`);
  return done;
}

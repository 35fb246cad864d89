import type { Evaluation, EvaluationPage } from "@assay/client";
import { beforeAll, describe, expect, it } from "vitest";
import { apiEnv, runApiCli, useTestService } from "./support/api-cli.ts";
import { type CliResult, startCli } from "./support/cli.ts";
import { finishedEvaluation, useEvaluationFixture } from "./support/evaluation-setup.ts";

/** `assay eval …`: evaluations over the SDK, against a real service with workers. */

const service = useTestService({ workers: true });
const fixture = useEvaluationFixture(service);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function evalCli(args: string[], code = 0): Promise<CliResult> {
  const result = await runApiCli(service(), ["eval", ...args]);
  expect(result, result.stderr).toMatchObject({ code });
  return result;
}

const firstLine = (text: string) => text.split("\n")[0] ?? "";

/** Starts `assay eval run --wait` with the slow model and waits for the id it prints first. */
async function startSlowRun(extra: string[] = []) {
  const { slowModelKey, benchmarkKey } = fixture();
  const cli = startCli(
    ["eval", "run", "--model", slowModelKey, "--benchmark", benchmarkKey, "--wait", ...extra],
    apiEnv(service()),
  );
  const [id] = await cli.waitForStdout(/^[0-9a-f-]{36}(?=\n)/);
  return { cli, id };
}

describe("assay eval run", () => {
  it("--wait follows the run with progress on stderr and prints the report; exit 0", async () => {
    const { fastModelKey, benchmarkKey } = fixture();
    const run = await evalCli([
      "run",
      "--model",
      fastModelKey,
      "--benchmark",
      benchmarkKey,
      "--wait",
      "--interval",
      "0.2",
    ]);
    const id = firstLine(run.stdout);
    expect(id).toMatch(UUID);
    expect(run.stdout).toMatch(/│ status\s+│ success\s+│/);
    // 8 of 11 correct, with its Wilson interval and standard error.
    expect(run.stdout).toMatch(
      /│ accuracy\s+│ 72\.7% \(8\/11\), 95% CI \d+\.\d%–\d+\.\d%, standard error \d+\.\d%\s+│/,
    );
    expect(run.stdout).toMatch(/│ prompts\s+│ 11\/11 done/);
    expect(run.stdout).toMatch(/│ failed prompts\s+│ 0\s+│/);
    expect(run.stdout).toMatch(/│ tokens\s+│ [\d,]+ \(prompt [\d,]+, completion [\d,]+\)/);
    expect(run.stdout).toMatch(/│ cost\s+│ unknown/);
    expect(run.stdout).toMatch(/│ average duration\s+│ \d+ ms per prompt/);
    // Subsets: Q1–Q6 (Q3 wrong), Q7–Q11 (Q7 and Q11 wrong).
    expect(run.stdout).toMatch(/│ subset\s+│ n\s+│ correct │ accuracy │ 95% CI\s+│/);
    expect(run.stdout).toMatch(/│ small\s+│ 6\s+│ 5\s+│ 83\.3%\s+│/);
    expect(run.stdout).toMatch(/│ large\s+│ 5\s+│ 3\s+│ 60\.0%\s+│/);
    // Not a terminal: plain progress lines, the last one at the end.
    expect(run.stderr).toMatch(/^success: 11\/11 \(100\.0%\).*accuracy 72\.7%$/m);
    expect(run.stderr).not.toContain("\x1b[");
  });

  it("without --wait prints the id and returns; --json prints the evaluation", async () => {
    const { fastModelKey, benchmarkKey, client } = fixture();
    const started = await evalCli(["run", "--model", fastModelKey, "--benchmark", benchmarkKey]);
    expect(started.stdout).toMatch(new RegExp(`^${UUID.source.slice(1, -1)}\\n$`));
    const id = started.stdout.trim();
    expect(started.stderr).toContain(`assay eval show ${id}`);

    const json = await evalCli([
      "run",
      "--model",
      fastModelKey,
      "--benchmark",
      benchmarkKey,
      "--limit",
      "2",
      "--concurrency",
      "1",
      "--no-cache",
      "--json",
    ]);
    const created = JSON.parse(json.stdout) as Evaluation;
    expect(created).toMatchObject({
      status: "pending",
      finished_at: 0,
      assay: { options: { limit: 2, concurrency: 1, cache: false } },
    });
    for (const evaluation of [id, created.id]) {
      await client.evaluations.waitForCompletion(evaluation, {
        intervalMs: 100,
        timeoutMs: 25_000,
      });
    }
  });

  it("--wait --json prints only the finished evaluation on stdout", async () => {
    const { fastModelKey, benchmarkKey } = fixture();
    const run = await evalCli([
      "run",
      "--model",
      fastModelKey,
      "--benchmark",
      benchmarkKey,
      "--limit",
      "4",
      "--wait",
      "--interval",
      "0.2",
      "--json",
    ]);
    const finished = JSON.parse(run.stdout) as Evaluation;
    expect(finished).toMatchObject({ status: "success", accuracy: 0.75 });
    expect(finished.assay.progress).toMatchObject({ total: 4, done: 4, correct: 3 });
    expect(run.stderr).toContain(`evaluation ${finished.id}\n`);
  });

  it("--temperature and --max-tokens reach the run; the report shows them and the request sent", async () => {
    const { fastModelKey, benchmarkKey } = fixture();
    const run = await evalCli([
      ...["run", "--model", fastModelKey, "--benchmark", benchmarkKey, "--limit", "2"],
      ...[
        "--temperature",
        "0.5",
        "--max-tokens",
        "32",
        "--no-cache",
        "--wait",
        "--interval",
        "0.2",
      ],
    ]);
    expect(run.stdout).toMatch(/│ sampling\s+│ temperature 0\.5 · max_tokens 32\s+│/);
    const request = /│ request\s+│ (openai-compatible · .*?)\s+│/.exec(run.stdout)?.[1] ?? "";
    expect(request.split(" · ")).toEqual(
      expect.arrayContaining(["openai-compatible", "temperature 0.5", "max_tokens 32"]),
    );
    const finished = await fixture().client.evaluations.getById(firstLine(run.stdout));
    expect(finished.assay.options).toMatchObject({ temperature: 0.5, max_tokens: 32 });
  });

  it("says which option the model's request profile refuses, by its flag", async () => {
    const { client, benchmarkKey } = fixture();
    await client.models.createCustom({
      name: "O-series",
      key: "fake/o-series",
      description: "",
      api_url: "http://127.0.0.1:9/v1",
      max_tokens: 64,
      request_profile: "openai-o-series",
    });
    const refused = await evalCli(
      ["run", "--model", "fake/o-series", "--benchmark", benchmarkKey, "--temperature", "0"],
      1,
    );
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toMatch(/^assay: the service refused the run: --temperature: .+\n$/);
  });

  it("refuses an unknown model or benchmark, and --interval without --wait", async () => {
    const { benchmarkKey } = fixture();
    const unknown = await evalCli(
      ["run", "--model", "nobody/none", "--benchmark", benchmarkKey],
      1,
    );
    expect(unknown.stderr).toBe("assay: no model with key nobody/none in this project\n");
    const lonely = await evalCli(
      ["run", "--model", "fake/fast", "--benchmark", benchmarkKey, "--interval", "1"],
      1,
    );
    expect(lonely.stderr).toBe("assay: --interval and --timeout go with --wait\n");
    const bad = await evalCli(
      ["run", "--model", "fake/fast", "--benchmark", benchmarkKey, "--wait", "--interval", "0"],
      1,
    );
    expect(bad.stderr).toContain("must be a number of seconds > 0");
  });

  it("exits 1 with the reason when the run ends cancelled", async () => {
    const { cli, id } = await startSlowRun(["--interval", "0.2"]);
    await fixture().client.evaluations.cancel(id);
    const result = await cli.exited;
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toMatch(/│ status\s+│ cancelled/);
    expect(result.stderr).toMatch(new RegExp(`assay: evaluation ${id} ended cancelled`));
  });

  it("Ctrl-C stops waiting, not the evaluation, and says how to cancel it", async () => {
    const { cli, id } = await startSlowRun(["--interval", "0.2"]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const result = await cli.stop("SIGINT");
    expect(result.code, result.stderr).toBe(130);
    expect(result.stderr).toContain(`assay eval cancel ${id}`);
    const { client } = fixture();
    expect((await client.evaluations.getById(id)).status).toMatch(/^(pending|in-progress)$/);
    await client.evaluations.cancel(id);
  });

  it("--timeout stops waiting with exit 1; the evaluation goes on", async () => {
    const { cli, id } = await startSlowRun(["--interval", "0.1", "--timeout", "0.5"]);
    const result = await cli.exited;
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(
        `assay: stopped waiting after 0\\.5 s; evaluation ${id} is still (pending|in-progress)`,
      ),
    );
    const { client } = fixture();
    await expect(client.evaluations.getById(id)).resolves.toMatchObject({
      status: expect.stringMatching(/^(pending|in-progress)$/),
    });
    await client.evaluations.cancel(id);
  });
});

describe("assay eval list, show and cancel", () => {
  let done: Evaluation;
  beforeAll(async () => {
    done = await finishedEvaluation(fixture());
  });

  it("lists evaluations with filters, as JSON and as a table", async () => {
    const listed = JSON.parse(
      (await evalCli(["list", "--model", "fake/fast", "--status", "success", "--json"])).stdout,
    ) as EvaluationPage;
    expect(listed.evaluations.map((e) => e.id)).toContain(done.id);
    expect(listed.evaluations.every((e) => e.status === "success")).toBe(true);
    expect(listed.pagination).toMatchObject({ page: 1, pageSize: 100 });

    const table = (await evalCli(["list", "--page-size", "1"])).stdout;
    expect(table).toMatch(
      /│ id\s+│ model\s+│ benchmark\s+│ status\s+│ accuracy\s+│ prompts │ submitted\s+│/,
    );
    expect(table).toMatch(/^1 of \d+ evaluations \(page 1 of \d+\)$/m);
  });

  it("shows one evaluation; an unknown id is an error", async () => {
    const shown = (await evalCli(["show", done.id])).stdout;
    expect(shown).toMatch(new RegExp(`│ id\\s+│ ${done.id}`));
    expect(shown).toMatch(/│ model\s+│ fake\/fast \(fake\/fast\)/);
    expect(shown).toMatch(/│ accuracy\s+│ 72\.7% \(8\/11\), 95% CI /);
    expect(JSON.parse((await evalCli(["show", done.id, "--json"])).stdout)).toEqual(done);

    const missing = await evalCli(["show", "00000000-0000-4000-8000-000000000000"], 1);
    expect(missing.stderr).toBe(
      "assay: no evaluation with id 00000000-0000-4000-8000-000000000000 in this organization\n",
    );
  });

  it("cancels a running evaluation, and leaves a finished one alone", async () => {
    const { client, slowModelKey, benchmarkKey } = fixture();
    const model = await client.models.getByKey(slowModelKey);
    const benchmark = await client.benchmarks.getByKey(benchmarkKey);
    const slow = await client.evaluations.create(model!, benchmark!);
    const cancelled = await evalCli(["cancel", slow.id]);
    expect(cancelled.stdout).toMatch(
      new RegExp(`^cancelled ${slow.id} \\(\\d+/11 prompts done\\)\\n$`),
    );
    expect((await client.evaluations.getById(slow.id)).status).toBe("cancelled");

    // A finished evaluation stays as it is.
    const late = await evalCli(["cancel", done.id]);
    expect(late.stdout).toBe(`${done.id} had already ended success: nothing to cancel\n`);
  });
});

import type { CustomBenchmark, CustomModel, Evaluation, Result } from "@assay/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  BENCHMARK_ID,
  EVALUATION_ID,
  evaluationBody,
  MODEL_ID,
  resultBody,
} from "../../client/test/support/evaluation-fixtures.ts";
import { organizationReply } from "../../client/test/support/fixtures.ts";
import {
  type ScriptedServer,
  startScriptedServer,
} from "../../client/test/support/scripted-server.ts";
import { runCli } from "./support/cli.ts";

/**
 * `assay eval run`'s sampling options, `eval show`'s request line and `results show`'s reasoning
 * against a scripted server: what the command sends, how it says what the service refused, and
 * what it prints of what the service answers. The real service's side is in eval.test.ts.
 */

const PROJECT = "/organizations/org-1/projects/proj-1";
const CREATE = `${PROJECT}/evaluations`;

let server: ScriptedServer;
beforeEach(async () => {
  server = await startScriptedServer();
  server.on("GET", "/organizations", organizationReply());
  server.on("GET", `${PROJECT}/models/${MODEL_ID}`, ok(customModel()));
  server.on("GET", `${PROJECT}/benchmarks/${BENCHMARK_ID}`, ok(customBenchmark()));
});
afterEach(() => server.close());

const env = () => ({ SERVICE_API_KEY: "assay_test_key", SERVICE_BASE_URL: server.baseURL });
const run = (...args: string[]) =>
  runCli(["eval", "run", "--model", MODEL_ID, "--benchmark", BENCHMARK_ID, ...args], env());
const sent = () =>
  server.requestsTo("POST", CREATE).map((r) => JSON.parse(r.body.toString()) as unknown[]);

describe("assay eval run --temperature … --reasoning-effort", () => {
  it("sends each option under its wire name, and none that was not given", async () => {
    server.on("POST", CREATE, {
      status: 201,
      body: { status: "success", data: [evaluationBody()] },
    });
    const given = await run(
      ...["--temperature", "0.7", "--top-p", "0.95", "--seed", "42"],
      ...["--max-tokens", "4096", "--reasoning-effort", "low"],
    );
    expect(given, given.stderr).toMatchObject({ code: 0, stdout: `${EVALUATION_ID}\n` });
    const plain = await run("--temperature", "0");
    expect(plain.code).toBe(0);
    expect(sent()).toEqual([
      [
        {
          model_id: MODEL_ID,
          dataset_id: BENCHMARK_ID,
          is_custom_model: true,
          is_custom_dataset: true,
          temperature: 0.7,
          top_p: 0.95,
          seed: 42,
          max_tokens: 4096,
          reasoning_effort: "low",
        },
      ],
      [
        {
          model_id: MODEL_ID,
          dataset_id: BENCHMARK_ID,
          is_custom_model: true,
          is_custom_dataset: true,
          temperature: 0,
        },
      ],
    ]);
  });

  it("refuses a value of the wrong type or range before any request, naming its range", async () => {
    const cases: [string[], string][] = [
      [
        ["--temperature", "2.5"],
        "'--temperature <t>' argument '2.5' is invalid. must be a number from 0 to 2",
      ],
      [["--temperature", "hot"], "argument 'hot' is invalid. must be a number from 0 to 2"],
      [
        ["--top-p", "0"],
        "'--top-p <p>' argument '0' is invalid. must be a number above 0 and at most 1",
      ],
      [["--seed", "1.5"], "'--seed <n>' argument '1.5' is invalid. must be a whole number from 0"],
      [
        ["--max-tokens", "0"],
        "'--max-tokens <n>' argument '0' is invalid. must be a whole number from 1",
      ],
      [
        ["--reasoning-effort", "max"],
        "argument 'max' is invalid. Allowed choices are none, minimal, low, medium, high.",
      ],
    ];
    for (const [args, message] of cases) {
      const refused = await run(...args);
      expect(refused.code, args.join(" ")).toBe(1);
      expect(refused.stderr).toContain(message);
    }
    expect(server.requests).toEqual([]);
  });

  it("says which option the service refused, and why, without the wire's field names", async () => {
    const why = "openai-o-series takes no temperature: reasoning models sample at 1";
    server.on("POST", CREATE, {
      status: 400,
      body: {
        error: {
          message: `body.0.temperature: ${why}`,
          code: "VALIDATION_ERROR",
          details: [
            { field: "body.0.temperature", message: why },
            { field: "body.0.top_p", message: "openai-o-series takes no top_p" },
          ],
        },
      },
    });
    const refused = await run("--temperature", "0", "--top-p", "0.5");
    expect(refused).toMatchObject({
      code: 1,
      stdout: "",
      stderr: `assay: the service refused the run: --temperature: ${why}; --top-p: openai-o-series takes no top_p\n`,
    });
  });
});

describe("what eval show and results show print", () => {
  it("eval show: the sampling asked, the exact request and the reasoning tokens", async () => {
    const finished = evaluationBody("success", 10);
    const evaluation: Evaluation = {
      ...finished,
      assay: {
        ...finished.assay,
        tokens: { prompt: 1_000, completion: 30_000, total: 31_000, reasoning: 24_500 },
        options: {
          ...finished.assay.options,
          reasoning_effort: "low",
          max_tokens: 25_000,
          request: {
            profile: "openai-gpt-5",
            parameters: { max_completion_tokens: 25_000, reasoning_effort: "low" },
          },
        },
      },
    };
    server.on("GET", `/evaluations/${EVALUATION_ID}`, { body: evaluation });
    const shown = await runCli(["eval", "show", EVALUATION_ID], env());
    expect(shown, shown.stderr).toMatchObject({ code: 0 });
    expect(shown.stdout).toMatch(
      /│ tokens\s+│ 31,000 \(prompt 1,000, completion 30,000, of which reasoning 24,500\)\s+│/,
    );
    expect(shown.stdout).toMatch(/│ sampling\s+│ max_tokens 25000 · reasoning_effort low\s+│/);
    expect(shown.stdout).toMatch(
      /│ request\s+│ openai-gpt-5 · max_completion_tokens 25000 · reasoning_effort low\s+│/,
    );
  });

  it("results show: the reasoning under its own heading, before the scored response, cut when long", async () => {
    const thinking = Array.from({ length: 200 }, (_, i) => `step ${i}: still adding`).join("\n");
    const result: Result = {
      ...resultBody(3),
      reasoning: thinking,
      tokens: { prompt: 10, completion: 900, reasoning: 880 },
    };
    server.on("GET", `/evaluations/${EVALUATION_ID}`, { body: evaluationBody("success", 10) });
    server.on("GET", "/results", {
      body: { evaluation_id: EVALUATION_ID, results: [result], metrics: { total_count: 1 } },
    });
    const shown = await runCli(["results", "show", EVALUATION_ID, "3"], env());
    expect(shown, shown.stderr).toMatchObject({ code: 0 });
    const out = shown.stdout;
    expect(out).toMatch(/│ tokens\s+│ 910 \(prompt 10, completion 900, of which reasoning 880\)/);
    const heading = out.indexOf("\n── reasoning (the model's, not scored, 880 tokens) ──\nstep 0:");
    const response = out.indexOf(`\n── response ──\n${result.result}\n`);
    expect(heading).toBeGreaterThan(out.indexOf("\n── truth ──\n"));
    expect(response).toBeGreaterThan(heading);
    expect(out).not.toContain("step 199");
    expect(out).toMatch(/\n… [\d,]+ more characters \(--full-reasoning prints them all\)\n/);

    const whole = await runCli(["results", "show", EVALUATION_ID, "3", "--full-reasoning"], env());
    expect(whole.stdout).toContain(`${thinking}\n\n── response ──`);

    // A result without reasoning has no such section.
    server.on("GET", "/results", {
      body: { evaluation_id: EVALUATION_ID, results: [resultBody(3)], metrics: { total_count: 1 } },
    });
    const plain = await runCli(["results", "show", EVALUATION_ID, "3"], env());
    expect(plain.stdout).not.toContain("── reasoning");
  });
});

function ok(data: unknown) {
  return { body: { status: "success", data } };
}

function customModel(): CustomModel {
  return {
    id: MODEL_ID,
    key: "acme/o-mini",
    name: "O mini",
    description: "",
    organization_id: "org-1",
    project_id: "proj-1",
    api_url: "http://127.0.0.1:9/v1",
    max_tokens: 1024,
    disabled: false,
    extra_payload: {},
    provider_model: null,
    api_key_set: false,
    request_profile: "openai-o-series",
    cost_per_input_token: null,
    cost_per_output_token: null,
    created_at: "2026-11-28T00:00:00.000Z",
    updated_at: "2026-11-28T00:00:00.000Z",
  };
}

function customBenchmark(): CustomBenchmark {
  return {
    id: BENCHMARK_ID,
    key: "arithmetic",
    name: "Arithmetic",
    description: "",
    organization_id: "org-1",
    project_id: "proj-1",
    system_prompt: null,
    regex_pattern: null,
    llm_judge_model_id: null,
    custom_instructions: null,
    scoring_metric: "numeric",
    prompt_count: 10,
    version_count: 1,
    metrics: [],
    files: [],
    disabled: false,
    kind: "custom",
    input_type: null,
    generation_status: "ready",
    status_description: "",
    created_at: "2026-11-28T00:00:00.000Z",
  };
}

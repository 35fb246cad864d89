import type { Judge, JudgePage } from "@assay/client";
import { describe, expect, it } from "vitest";
import { runApiCli, useTestService } from "./support/api-cli.ts";
import type { CliResult } from "./support/cli.ts";
import { useFakeJudge } from "./support/fake-judge.ts";

/** `assay judges …`: user commands over the SDK, against a real service. */

const service = useTestService();
const fakeJudge = useFakeJudge(service);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const GOAL = "The answer resolves the customer's question politely.";

/** Runs `assay judges <args>` and checks its exit code. */
async function judges(args: string[], code = 0): Promise<CliResult> {
  const result = await runApiCli(service(), ["judges", ...args]);
  expect(result, result.stderr).toMatchObject({ code });
  return result;
}

async function json<T>(args: string[]): Promise<T> {
  return JSON.parse((await judges([...args, "--json"])).stdout) as T;
}

describe("assay judges", () => {
  it("creates a judge without a model on a service with no default judge model, and says so", async () => {
    const created = await judges(["create", "--name", "No model yet", "--evaluation-goal", GOAL]);
    const id = created.stdout.trim();
    expect(id).toMatch(UUID);
    expect(created.stderr).toContain(
      "created judge No model yet (model: the default judge model (ASSAY_DEFAULT_JUDGE_MODEL))",
    );
    const shown = (await judges(["show", id])).stdout;
    expect(shown).toContain("the default judge model (ASSAY_DEFAULT_JUDGE_MODEL)");
    expect(shown).not.toContain("undefined");
    await judges(["delete", id]);
  });

  it("creates a judge on the fake model, then shows and lists it", async () => {
    const { modelId, modelKey } = fakeJudge();
    const created = await judges([
      "create",
      "--name",
      "Politeness",
      "--evaluation-goal",
      GOAL,
      "--model",
      modelKey,
    ]);
    const id = created.stdout.trim();
    expect(id).toMatch(UUID);
    expect(created.stderr).toMatch(/^created judge Politeness \(model: /);

    const judge = await json<Judge>(["show", id]);
    expect(judge).toMatchObject({
      id,
      name: "Politeness",
      evaluation_goal: GOAL,
      version: 1,
      model_id: modelId,
      run_count: 0,
      versions: [{ version: 1, name: "Politeness", evaluation_goal: GOAL }],
    });
    const shown = (await judges(["show", id])).stdout;
    expect(shown).toMatch(/│ name\s+│ Politeness\s+│/);
    expect(shown).toMatch(/│ version\s+│ 1\s+│/);
    expect(shown).toContain(GOAL);

    const listed = (await judges(["list"])).stdout;
    expect(listed).toMatch(/│ id\s+│ name\s+│ version │ model\s+│ runs │ updated/);
    expect(listed).toContain("Politeness");
    const page = await json<JudgePage>(["list", "--page-size", "1"]);
    expect(page.pagination).toMatchObject({ page: 1, pageSize: 1 });
    expect(page.judges).toHaveLength(1);
  });

  it("updates a judge to a new version, and deletes it", async () => {
    const { client, modelId } = fakeJudge();
    const { id } = await client.judges.create({
      name: "Politeness 2",
      evaluation_goal: GOAL,
      model_id: modelId,
    });

    // An update makes version 2; `show` then lists both versions.
    const updated = await judges(["update", id, "--name", "Courtesy"]);
    expect(updated.stdout).toBe(`updated ${id}: now version 2\n`);
    const again = await json<Judge>(["show", id]);
    expect(again).toMatchObject({ name: "Courtesy", version: 2 });
    expect(again.versions.map((v) => [v.version, v.name])).toEqual([
      [1, "Politeness 2"],
      [2, "Courtesy"],
    ]);
    expect((await judges(["show", id])).stdout).toMatch(/│ version │ name\s+│ model\s+│ updated/);

    const deleted = await json<{ id: string }>(["delete", id]);
    expect(deleted).toMatchObject({ id });
    const gone = await judges(["show", id], 1);
    expect(gone.stderr).toBe(`assay: no judge with id ${id} in this project\n`);
  });

  it("refuses a taken name, a short goal and an update without changes", async () => {
    const { modelKey } = fakeJudge();
    const args = ["create", "--name", "Unique", "--evaluation-goal", GOAL, "--model", modelKey];
    const first = await json<Judge>(args);
    const taken = await judges(args, 1);
    expect(taken.stderr).toMatch(/^assay: .*already exists/);
    const short = await judges(["create", "--name", "Short", "--evaluation-goal", "too short"], 1);
    expect(short.stderr).toContain("evaluation_goal");
    const nothing = await judges(["update", first.id], 1);
    expect(nothing.stderr).toBe(
      "assay: nothing to change: give --name, --evaluation-goal or --model (see `assay judges update --help`)\n",
    );
  });
});

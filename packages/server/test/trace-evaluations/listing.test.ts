import type { ErrorBody, ListTraceEvaluationsResponse } from "@assay/protocol";
import { DIALECTS } from "@assay/test-kit/databases.ts";
import { createModel, type Tenant } from "@assay/test-kit/evaluation-fixtures.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import type { TestService } from "@assay/test-kit/test-service.ts";
import {
  createJudge,
  createTraceEvaluation,
  insertTraces,
  judgeBehavior,
  projectPath,
  startJudgingService,
  waitForTraceEvaluation,
} from "@assay/test-kit/trace-evaluation-fixtures.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const GOAL = "The assistant must name the capital city the user asks about.";

describe.each(DIALECTS)("listing trace evaluations on %s", (dialect) => {
  let service: TestService;
  let fake: FakeModelServer;
  let tenant: Tenant;
  /** Evaluation ids by name: judge × trace. */
  const ids: Record<string, string> = {};
  const judges: Record<string, string> = {};
  const traces: Record<string, string> = {};

  beforeAll(async () => {
    fake = await startFakeModelServer({ behavior: judgeBehavior() });
    service = await startJudgingService(dialect);
    // A tenant of its own, so the counts below are exactly what this file made.
    const created = await service.admin.create({ organization: "Listing org" });
    tenant = { key: created.key, org: created.organization.id, project: created.project.id };
    await createModel(service, tenant, fake.url, "acme/judge");
    for (const [name, goal] of [
      ["alpha", GOAL],
      ["beta", GOAL],
      ["gamma", `${GOAL} [garbage]`],
    ] as const) {
      const label = { alpha: "Alpha 100% sure", beta: "Beta_judge", gamma: "Gamma" }[name];
      judges[name] = (
        await createJudge(service, tenant, {
          name: label,
          evaluation_goal: goal,
          model_id: "acme/judge",
        })
      ).id;
    }
    const [paris, lyon, tokyo] = await insertTraces(service, tenant, [
      { input: "What is the capital of France?", output: "Paris." },
      { input: "What is the capital of France?", output: "Lyon." },
      { input: "Name the capital of Japan", output: "Tokyo." },
    ]);
    Object.assign(traces, { paris, lyon, tokyo });
    // Created in this order, a few milliseconds apart: newest first is the reverse.
    for (const [name, judge, trace] of [
      ["alpha-paris", "alpha", "paris"],
      ["alpha-lyon", "alpha", "lyon"],
      ["beta-paris", "beta", "paris"],
      ["beta-tokyo", "beta", "tokyo"],
      ["gamma-paris", "gamma", "paris"],
    ] as const) {
      service.clock.advance(5);
      ids[name] = (
        await createTraceEvaluation(service, tenant, {
          trace_id: traces[trace]!,
          judge_id: judges[judge]!,
        })
      ).id;
    }
    for (const id of Object.values(ids)) await waitForTraceEvaluation(service, tenant, id);
    // One evaluation from three days ago.
    await service.running.deps.db
      .updateTable("trace_evaluations")
      .set({ created_at: new Date(service.clock.now().getTime() - 3 * 86_400_000).toISOString() })
      .where("id", "=", ids["alpha-paris"]!)
      .execute();
  });

  afterAll(async () => {
    await service?.close();
    await fake?.close();
  });

  const list = (query: string) =>
    service.call<ListTraceEvaluationsResponse & ErrorBody>(
      "GET",
      `${projectPath(tenant)}/trace-evaluations${query}`,
      { apiKey: tenant.key },
    );
  const names = (res: { body: ListTraceEvaluationsResponse }) =>
    res.body.data.trace_evaluations.map(
      (te) => Object.entries(ids).find(([, id]) => id === te.id)?.[0],
    );

  it("lists newest first with count and total (not total_count)", async () => {
    const res = await list("");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ count: 5, total: 5 });
    expect(res.body.data).not.toHaveProperty("total_count");
    expect(names(res)).toEqual([
      "gamma-paris",
      "beta-tokyo",
      "beta-paris",
      "alpha-lyon",
      "alpha-paris",
    ]);
  });

  it("carries each verdict (extension result), the same as …/results, none for a failure", async () => {
    const res = await list("");
    for (const te of res.body.data.trace_evaluations) {
      const one = await service.call<{ data: unknown }>(
        "GET",
        `${projectPath(tenant)}/trace-evaluations/${te.id}/results`,
        { apiKey: tenant.key },
      );
      if (te.status === "success") {
        expect(one.status).toBe(200);
        expect(te.result).toEqual(one.body.data);
      } else {
        expect(one.status).toBe(404);
        expect(te).not.toHaveProperty("result");
      }
    }
    const byName = Object.fromEntries(res.body.data.trace_evaluations.map((te) => [te.id, te]));
    expect(byName[ids["alpha-lyon"]!]?.result).toMatchObject({
      passed: false,
      reasoning: "The answer does not name Paris.",
      truncated: false,
    });
    expect(byName[ids["gamma-paris"]!]?.status).toBe("failure");
  });

  it("pages, with page_size clamped to 1…100 and page below 1 read as 1", async () => {
    const second = await list("?page=2&page_size=2");
    expect(second.body.data).toMatchObject({ count: 2, total: 5 });
    expect(names(second)).toEqual(["beta-paris", "alpha-lyon"]);
    expect((await list("?page=3&page_size=2")).body.data.count).toBe(1);
    expect((await list("?page_size=1000")).body.data.count).toBe(5);
    expect((await list("?page=-1&page_size=0")).body.data.count).toBe(1);
  });

  it.each([
    ["judge_id", () => `?judge_id=${judges.alpha}`, ["alpha-lyon", "alpha-paris"]],
    ["trace_id", () => `?trace_id=${traces.paris}`, ["gamma-paris", "beta-paris", "alpha-paris"]],
    ["outcome=pass", () => "?outcome=pass", ["beta-paris", "alpha-paris"]],
    ["outcome=fail (verdicts only)", () => "?outcome=fail", ["beta-tokyo", "alpha-lyon"]],
    ["judge and outcome", () => `?judge_id=${judges.beta}&outcome=fail`, ["beta-tokyo"]],
    [
      "time_range=24h",
      () => "?time_range=24h",
      ["gamma-paris", "beta-tokyo", "beta-paris", "alpha-lyon"],
    ],
    [
      "time_range=7d",
      () => "?time_range=7d",
      ["gamma-paris", "beta-tokyo", "beta-paris", "alpha-lyon", "alpha-paris"],
    ],
    ["search by judge name, any case", () => "?search=ALPHA", ["alpha-lyon", "alpha-paris"]],
    [
      "search with a literal %",
      () => `?search=${encodeURIComponent("100%")}`,
      ["alpha-lyon", "alpha-paris"],
    ],
    ["search with a literal _", () => "?search=a_j", ["beta-tokyo", "beta-paris"]],
    ["search wildcards do not match", () => `?search=${encodeURIComponent("a%j")}`, []],
    ["search in the reasoning", () => "?search=does+not+name", ["beta-tokyo", "alpha-lyon"]],
    ["search in the trace input", () => "?search=japan", ["beta-tokyo"]],
  ])("filters by %s", async (_name, query, expected) => {
    const res = await list(query());
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(expected);
    expect(res.body.data.total).toBe(expected.length);
  });

  it("sorts by score either way, evaluations without one last", async () => {
    const asc = await list("?sort_by=score&sort_order=asc");
    expect(asc.body.data.trace_evaluations.map((te) => te.status)).toEqual([
      "success",
      "success",
      "success",
      "success",
      "failure",
    ]);
    expect(names(asc).slice(0, 2).sort()).toEqual(["alpha-lyon", "beta-tokyo"]);
    const desc = await list("?sort_by=score&sort_order=desc");
    expect(names(desc).slice(0, 2).sort()).toEqual(["alpha-paris", "beta-paris"]);
    expect(names(desc)[4]).toBe("gamma-paris");
    // camelCase sort keys are accepted, unknown ones ignored.
    expect((await list("?sort_by=finishedAt&sort_order=asc")).status).toBe(200);
    expect(names(await list("?sort_by=colour"))).toEqual(names(await list("")));
  });

  it.each([
    ["?time_range=forever", "query.time_range"],
    ["?outcome=maybe", "query.outcome"],
  ])("refuses %s with 400 naming the field", async (query, field) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body.error.details?.[0]?.field).toBe(field);
  });
});

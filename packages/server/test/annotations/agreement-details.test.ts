import type { Agreement, Confusion, JudgeAnnotation, VersionAgreement } from "@assay/protocol";
import { DIALECTS } from "@assay/test-kit/databases.ts";
import { type Tenant, tenantOf } from "@assay/test-kit/evaluation-fixtures.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { createJudge, insertTraces } from "@assay/test-kit/trace-evaluation-fixtures.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agreement } from "../../src/engine/stats/index.ts";
import { insertVerdict, minuteAt, projectCaller, putLabel } from "./support.ts";

/**
 * What the annotation workspace reads beside the agreement: the 2×2 table it is computed from,
 * the judge's reasoning on each label, and the agreement of each judge version.
 */

type Page = {
  data: {
    annotations: JudgeAnnotation[];
    agreement: Agreement;
    confusion: Confusion;
    by_version: VersionAgreement[];
  };
};

describe.each(DIALECTS)("a judge's agreement details on %s", (dialect) => {
  let service: TestService;
  let tenant: Tenant;
  const call = projectCaller(
    () => service,
    () => tenant,
  );

  beforeAll(async () => {
    service = await startTestService({ dialect });
    tenant = await tenantOf(service);
  });

  afterAll(async () => {
    await service?.close();
  });

  it("gives the confusion table, the reasoning and each version's agreement", async () => {
    const judge = await createJudge(service, tenant, {
      name: "Versions",
      evaluation_goal: "Answers must be correct.",
    });
    const traces = await insertTraces(
      service,
      tenant,
      Array.from({ length: 5 }, (_, i) => ({ input: `q${i}`, output: `a${i}` })),
    );
    // Version 1 judged traces 0–3; version 2 re-judged traces 0–4 later (trace 0 twice).
    const v1 = [true, true, false, false];
    const v2 = [false, true, false, true, true];
    const labels = [true, true, false, true, false];
    const firstIds: string[] = [];
    for (const [i, passed] of v1.entries())
      firstIds.push(
        await insertVerdict(service, tenant, {
          judge_id: judge.id,
          trace_id: traces[i] as string,
          status: "success",
          passed,
          at: minuteAt(1),
          judge_version: 1,
        }),
      );
    // An older version-2 verdict on trace 0, superseded by the one below.
    await insertVerdict(service, tenant, {
      judge_id: judge.id,
      trace_id: traces[0] as string,
      status: "success",
      passed: true,
      at: minuteAt(2),
      judge_version: 2,
    });
    const lastIds: string[] = [];
    for (const [i, passed] of v2.entries())
      lastIds.push(
        await insertVerdict(service, tenant, {
          judge_id: judge.id,
          trace_id: traces[i] as string,
          status: "success",
          passed,
          at: minuteAt(3),
          judge_version: 2,
        }),
      );
    for (const [i, passed] of labels.entries())
      await putLabel(call, (firstIds[i] ?? lastIds[i]) as string, { passed });

    const res = await call<Page>("GET", `/judges/${judge.id}/annotations?page_size=500`);
    expect(res.status).toBe(200);
    const { annotations, agreement: overall, confusion, by_version } = res.body.data;

    // The latest verdicts are version 2's: labels T T F T F against verdicts F T F T T.
    expect(confusion).toEqual({
      human_pass_judge_pass: 2,
      human_pass_judge_fail: 1,
      human_fail_judge_pass: 1,
      human_fail_judge_fail: 1,
    });
    expect(overall).toMatchObject({ compared: 5, agreements: 3, accuracy: 0.6 });

    const byTrace = new Map(annotations.map((a) => [a.trace_id, a]));
    expect(byTrace.get(traces[0] as string)).toMatchObject({
      passed: true,
      judge_passed: false,
      judge_reasoning: "inserted fail",
      agrees: false,
    });

    const expectedOf = (verdicts: boolean[]) =>
      agreement(verdicts.map((judge, i) => ({ human: labels[i] as boolean, judge })));
    const one = expectedOf(v1);
    const two = expectedOf(v2);
    expect(by_version).toEqual([
      {
        judge_version: 1,
        annotation_count: 4,
        compared: 4,
        agreements: one.agreements,
        accuracy: one.accuracy,
        accuracy_interval: one.accuracyInterval,
        kappa: one.kappa,
        kappa_interval: one.kappaInterval,
      },
      {
        judge_version: 2,
        annotation_count: 5,
        compared: 5,
        agreements: two.agreements,
        accuracy: two.accuracy,
        accuracy_interval: two.accuracyInterval,
        kappa: two.kappa,
        kappa_interval: two.kappaInterval,
      },
    ]);
    expect(by_version[0]?.accuracy).toBe(0.75);
    expect(by_version[1]).toMatchObject(overall);
  });

  it("answers an empty table and no versions for a judge without labels", async () => {
    const judge = await createJudge(service, tenant, {
      name: "Unlabelled",
      evaluation_goal: "Answers must be correct.",
    });
    const [trace] = await insertTraces(service, tenant, [{ input: "q", output: "a" }]);
    await insertVerdict(service, tenant, {
      judge_id: judge.id,
      trace_id: trace as string,
      status: "success",
      passed: true,
      at: minuteAt(1),
    });
    const res = await call<Page>("GET", `/judges/${judge.id}/annotations`);
    expect(res.body.data.confusion).toEqual({
      human_pass_judge_pass: 0,
      human_pass_judge_fail: 0,
      human_fail_judge_pass: 0,
      human_fail_judge_fail: 0,
    });
    expect(res.body.data.by_version).toEqual([]);
  });
});

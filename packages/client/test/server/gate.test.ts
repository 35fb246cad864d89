import { type Evaluation, GateError } from "@assay/client";
import { GATE_PROMPTS, useGateFixture } from "@assay/test-kit/gate-models.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** `client.evaluations.gate()` against a real server with workers and three fake models. */

let service: TestService | undefined;
beforeAll(async () => {
  service = await startTestService({ workers: true, env: { ALLOWED_MODEL_HOSTS: "127.0.0.1" } });
});
afterAll(async () => {
  await service?.close();
});
const fixture = useGateFixture(() => service as TestService);

let baseline: Evaluation;
let good: Evaluation;
let bad: Evaluation;
beforeAll(async () => {
  const { run } = fixture();
  [baseline, good, bad] = await Promise.all([
    run("fake/baseline"),
    run("fake/good"),
    run("fake/bad"),
  ]);
}, 60_000);

describe("client.evaluations.gate()", () => {
  it("fails a run confidently worse than the baseline by more than the margin", async () => {
    const report = await fixture().client.evaluations.gate(bad, {
      baseline: baseline.id,
      margin: 0.02,
    });
    expect(report).toMatchObject({ verdict: "fail", passed: false, confidence: 0.95 });
    const [check] = report.checks;
    expect(check).toMatchObject({ kind: "baseline", pairs: GATE_PROMPTS });
    expect(check?.kind === "baseline" && check.difference).toBeCloseTo(-0.5, 10);
    expect(check?.interval.high).toBeLessThan(-0.02);
    expect(report.summary).toMatch(/^gate FAIL: fake\/bad on gate-arithmetic/);
  });

  it("passes a better run, and combines checks: any failure fails", async () => {
    const { client } = fixture();
    const pass = await client.evaluations.gate(good.id, {
      baseline: baseline.id,
      margin: 0.02,
      minAccuracy: 0.8,
    });
    expect(pass).toMatchObject({ verdict: "pass", passed: true });
    expect(pass.checks.map((c) => [c.kind, c.verdict])).toEqual([
      ["baseline", "pass"],
      ["min_accuracy", "pass"],
    ]);
    const mixed = await client.evaluations.gate(baseline, { baseline: bad.id, minAccuracy: 0.99 });
    expect(mixed.checks.map((c) => c.verdict)).toEqual(["pass", "fail"]);
    expect(mixed).toMatchObject({ verdict: "fail", passed: false });
  });

  it("an interval across the line is inconclusive: passed unless failOnInconclusive", async () => {
    const { client } = fixture();
    const lenient = await client.evaluations.gate(baseline, { minAccuracy: 0.75 });
    expect(lenient).toMatchObject({ verdict: "inconclusive", passed: true });
    const strict = await client.evaluations.gate(baseline, {
      minAccuracy: 0.75,
      failOnInconclusive: true,
    });
    expect(strict).toMatchObject({ verdict: "inconclusive", passed: false });
  });

  it("a run that did not succeed cannot be gated: GateError", async () => {
    const { client, run } = fixture();
    const slow = await client.evaluations.cancel(await run("fake/slow"));
    expect(slow.status).toBe("cancelled");
    await expect(client.evaluations.gate(slow, { minAccuracy: 0.5 })).rejects.toThrow(
      new GateError(
        `evaluation ${slow.id} ended cancelled (cancelled on request): there is no result to gate`,
      ),
    );
  });

  it("refuses criteria it cannot decide on before any request, with GateError", async () => {
    const { client } = fixture();
    await expect(client.evaluations.gate(good, {})).rejects.toThrow(GateError);
    await expect(client.evaluations.gate(good, { minAccuracy: 1.5 })).rejects.toThrow(
      /minAccuracy/,
    );
    await expect(client.evaluations.gate(good, { minAccuracy: 0.5, margin: 0.1 })).rejects.toThrow(
      /margin goes with a baseline/,
    );
    await expect(
      client.evaluations.gate(good, { minAccuracy: 0.5, confidence: 0.99 }),
    ).rejects.toThrow(/confidence must be 0.95/);
  });
});

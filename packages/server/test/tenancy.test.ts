import { randomUUID } from "node:crypto";
import {
  fillPath,
  type GetOrganizationResponse,
  pathParamNames,
  type Route,
  routes,
} from "@assay/protocol";
import { waitForEvaluation } from "@assay/test-kit/evaluation-fixtures.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { insertFinishedRun, labelTraces } from "@assay/test-kit/judge-optimization-fixtures.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import {
  createJudge,
  createTraceEvaluation,
  judgeBehavior,
  waitForTraceEvaluation,
} from "@assay/test-kit/trace-evaluation-fixtures.ts";
import { uploadFile } from "@assay/test-kit/upload-file.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** Tenant A's resources, made before the probes: the ids the probes name. */
interface Fixture {
  modelId: string;
  doomedModelId: string;
  benchmarkId: string;
  judgeModelId: string;
  judgeId: string;
  doomedJudgeId: string;
  traceId: string;
  doomedTraceId: string;
  /** Finished, with a verdict. */
  traceEvaluationId: string;
  /** A judge with 10 labeled traces, and a finished run of it. */
  optimizedJudgeId: string;
  optimizationId: string;
  spaceId: string;
  doomedSpaceId: string;
  scorerId: string;
  doomedScorerId: string;
  /** Finished, so its event stream ends at once. */
  evaluationId: string;
  integrationId: string;
  doomedIntegrationId: string;
}

/**
 * A valid request for every project-scoped route (path ids beyond the project, and a body): a
 * probe must get past validation to reach the tenancy check, and the owner's probe must succeed.
 * A route added without a sample here fails the test, so new routes are covered.
 */
const SAMPLES: Record<string, (f: Fixture) => { params?: Record<string, string>; body?: unknown }> =
  {
    "uploads.createBenchmarkUpload": () => ({
      body: { key: "bench", filename: "data.jsonl", type: "application/jsonl", size: 10 },
    }),
    "uploads.createTraceUpload": () => ({
      body: { filename: "traces.jsonl", type: "application/jsonl", size: 10 },
    }),
    "models.list": () => ({}),
    "models.get": (f) => ({ params: { model_id: f.modelId } }),
    "projects.update": (f) => ({ body: { models: [f.modelId] } }),
    "models.createCustom": () => ({
      body: {
        name: "Probe",
        key: "acme/probe",
        description: "",
        api_url: "https://models.example.com/v1",
        max_tokens: 256,
      },
    }),
    "models.updateCustom": (f) => ({ params: { model_id: f.modelId }, body: { max_tokens: 512 } }),
    "models.deleteCustom": (f) => ({ params: { model_id: f.doomedModelId } }),
    "benchmarks.list": () => ({}),
    "benchmarks.get": (f) => ({ params: { benchmark_id: f.benchmarkId } }),
    "benchmarks.listPrompts": (f) => ({ params: { benchmark_id: f.benchmarkId } }),
    "benchmarks.listSubsets": (f) => ({ params: { benchmark_id: f.benchmarkId } }),
    "benchmarks.createCustom": () => ({
      body: { name: "Probe set", description: "", file: "probe.jsonl" },
    }),
    "evaluations.create": (f) => ({ body: [{ model_id: f.modelId, dataset_id: f.benchmarkId }] }),
    "evaluations.plan": (f) => ({ body: [{ model_id: f.modelId, dataset_id: f.benchmarkId }] }),
    "benchmarks.createSmart": () => ({
      body: { name: "Probe docs", description: "", system_prompt: "", files: ["doc.txt"] },
    }),
    "judges.create": (f) => ({
      body: {
        name: "Probe judge",
        evaluation_goal: "The answer is polite and correct.",
        model_id: f.judgeModelId,
      },
    }),
    "judges.get": (f) => ({ params: { judge_id: f.judgeId } }),
    "judges.list": () => ({}),
    "judges.update": (f) => ({
      params: { judge_id: f.judgeId },
      body: { evaluation_goal: "The answer is polite, short and correct." },
    }),
    "judges.delete": (f) => ({ params: { judge_id: f.doomedJudgeId } }),
    "traces.create": () => ({ body: { filename: "probe-traces.jsonl" } }),
    "traces.list": () => ({}),
    "traces.sources": () => ({}),
    "traces.get": (f) => ({ params: { trace_id: f.traceId } }),
    "traces.delete": (f) => ({ params: { trace_id: f.doomedTraceId } }),
    "traceEvaluations.create": (f) => ({ body: { trace_id: f.traceId, judge_id: f.judgeId } }),
    "traceEvaluations.bulkCreate": (f) => ({
      body: { judge_id: f.judgeId, trace_ids: [f.traceId] },
    }),
    "traceEvaluations.list": () => ({}),
    "traceEvaluations.estimate": (f) => ({
      body: { trace_ids: [f.traceId], judge_id: f.judgeId },
    }),
    "traceEvaluations.get": (f) => ({ params: { trace_evaluation_id: f.traceEvaluationId } }),
    "traceEvaluations.getResult": (f) => ({
      params: { trace_evaluation_id: f.traceEvaluationId },
    }),
    // The route table lists put before get and delete, so the owner's get finds the label.
    "annotations.put": (f) => ({
      params: { trace_evaluation_id: f.traceEvaluationId },
      body: { passed: true, comment: "probe" },
    }),
    "annotations.get": (f) => ({ params: { trace_evaluation_id: f.traceEvaluationId } }),
    "annotations.delete": (f) => ({ params: { trace_evaluation_id: f.traceEvaluationId } }),
    "annotations.import": (f) => ({
      body: { annotations: [{ trace_id: f.traceId, judge_id: f.judgeId, passed: true }] },
    }),
    "annotations.listForJudge": (f) => ({ params: { judge_id: f.judgeId } }),
    "annotations.queue": (f) => ({ params: { judge_id: f.judgeId } }),
    "judgeOptimizations.estimate": (f) => ({ body: { judge_id: f.optimizedJudgeId } }),
    "judgeOptimizations.create": (f) => ({
      body: { judge_id: f.optimizedJudgeId, budget: "light" },
    }),
    "judgeOptimizations.list": () => ({}),
    "judgeOptimizations.get": (f) => ({ params: { optimization_id: f.optimizationId } }),
    "judgeOptimizations.apply": (f) => ({
      params: { optimization_id: f.optimizationId },
      body: {},
    }),
    "evaluations.events": (f) => ({ params: { evaluation_id: f.evaluationId } }),
    "evaluationSpaces.create": () => ({ body: { name: "Probe space" } }),
    "evaluationSpaces.get": (f) => ({ params: { evaluation_space_id: f.spaceId } }),
    "evaluationSpaces.list": () => ({}),
    "evaluationSpaces.update": (f) => ({
      params: { evaluation_space_id: f.spaceId },
      body: { description: "probed" },
    }),
    "evaluationSpaces.delete": (f) => ({ params: { evaluation_space_id: f.doomedSpaceId } }),
    "evaluationSpaces.listEvaluations": (f) => ({ params: { evaluation_space_id: f.spaceId } }),
    "scorers.create": (f) => ({
      body: { name: "Probe scorer", model_id: f.judgeModelId, prompt: "Pass polite answers." },
    }),
    "scorers.get": (f) => ({ params: { scorer_id: f.scorerId } }),
    "integrations.list": () => ({}),
    "integrations.get": (f) => ({ params: { integration_id: f.integrationId } }),
    "integrations.test": (f) => ({ params: { integration_id: f.integrationId }, body: {} }),
    "integrations.create": () => ({
      body: { name: "Probe hook", type: "webhook", host_url: "https://hooks.example.com/probe" },
    }),
    "integrations.update": (f) => ({
      params: { integration_id: f.integrationId },
      body: { active: true },
    }),
    "integrations.delete": (f) => ({ params: { integration_id: f.doomedIntegrationId } }),
    "integrations.listDeliveries": (f) => ({ params: { integration_id: f.integrationId } }),
    "scorers.list": () => ({}),
    "scorers.update": (f) => ({
      params: { scorer_id: f.scorerId },
      body: { description: "probed" },
    }),
    "scorers.delete": (f) => ({ params: { scorer_id: f.doomedScorerId } }),
  };

const projectRoutes = (Object.values(routes) as Route[]).filter((r) =>
  pathParamNames(r.path).includes("project_id"),
);
/** Routes of the organization alone (integrations): no project in the path. */
const organizationRoutes = (Object.values(routes) as Route[]).filter(
  (r) => pathParamNames(r.path).includes("organization_id") && !projectRoutes.includes(r),
);

let service: TestService;
let judgeServer: FakeModelServer;
let tenantA: { key: string; org: string; project: string };
let tenantB: { key: string; org: string; project: string };
let fixture: Fixture;

async function lookup(key: string) {
  const res = await service.call<GetOrganizationResponse>("GET", "/organizations", { apiKey: key });
  return { key, org: res.body.data.id, project: res.body.data.projects[0]?.id as string };
}

beforeAll(async () => {
  // Workers and a fake judge: a trace evaluation of the fixture must finish with a verdict.
  judgeServer = await startFakeModelServer({ behavior: judgeBehavior() });
  service = await startTestService({
    workers: true,
    env: {
      ALLOWED_MODEL_HOSTS: "127.0.0.1",
      ASSAY_JOB_POLL_INTERVAL_MS: "50",
      // Four probes per route with one key: more than a burst's worth on a fast machine.
      ASSAY_RATE_LIMIT_ENABLED: "false",
    },
  });
  tenantA = await lookup(service.apiKey);
  tenantB = await lookup((await service.admin.create({ organization: "Tenant B" })).key);
  fixture = await makeFixture();
});

async function makeFixture(): Promise<Fixture> {
  const P = `/organizations/${tenantA.org}/projects/${tenantA.project}`;
  const model = async (key: string, apiUrl = "https://m.example.com/v1") => {
    const res = await service.call<{ data: { model_id: string } }>("POST", `${P}/custom-models`, {
      json: { name: key, key, description: "", api_url: apiUrl, max_tokens: 64 },
    });
    return res.body.data.model_id;
  };
  const jsonl = '{"input":"2+2?","truth":"4"}\n';
  await uploadFile(service, tenantA, "fixture.jsonl", jsonl);
  await uploadFile(service, tenantA, "probe.jsonl", jsonl);
  await uploadFile(service, tenantA, "doc.txt", "Some document.", "text/plain");
  const benchmark = await service.call<{ data: { benchmark_id: string } }>(
    "POST",
    `${P}/custom-benchmarks`,
    { json: { name: "Fixture set", description: "", file: "fixture.jsonl" } },
  );
  const traces = '{"input":"Hi","output":"Hello!"}\n{"input":"Bye","output":"Goodbye."}\n';
  const traceUploads = { ...tenantA, purpose: "trace" as const };
  await uploadFile(service, traceUploads, "fixture-traces.jsonl", traces);
  await uploadFile(service, traceUploads, "probe-traces.jsonl", traces);
  const created = await service.call<{ data: { trace_ids: string[] } }>("POST", `${P}/traces`, {
    json: { filename: "fixture-traces.jsonl" },
  });
  const [traceId, doomedTraceId] = created.body.data.trace_ids as [string, string];
  const judgeModelId = await model("acme/judge", judgeServer.url);
  const judge = (name: string) =>
    createJudge(service, tenantA, {
      name,
      evaluation_goal: "The answer is polite and correct.",
      model_id: judgeModelId,
    });
  const fixtureJudge = await judge("Fixture judge");
  const evaluation = await createTraceEvaluation(service, tenantA, {
    trace_id: traceId,
    judge_id: fixtureJudge.id,
  });
  const finished = await waitForTraceEvaluation(service, tenantA, evaluation.id);
  if (finished.status !== "success") throw new Error(finished.status_description);
  const space = async (name: string) =>
    (
      await service.call<{ data: { id: string } }>("POST", `${P}/evaluation-spaces`, {
        json: { name },
      })
    ).body.data.id;
  const scorer = async (name: string) =>
    (
      await service.call<{ data: { id: string } }>("POST", `${P}/scorers`, {
        json: { name, model_id: judgeModelId, prompt: "Pass polite answers." },
      })
    ).body.data.id;
  const run = await service.call<{ data: { id: string }[] }>("POST", `${P}/evaluations`, {
    json: [{ model_id: judgeModelId, dataset_id: benchmark.body.data.benchmark_id }],
  });
  const evaluationId = run.body.data[0]!.id;
  await waitForEvaluation(service, evaluationId);
  const optimizedJudge = await judge("Optimized judge");
  // Its receiver is the fake judge: a test event gets a 200 from it.
  const integration = async (name: string) =>
    (
      await service.call<{ data: { id: string } }>(
        "POST",
        `/organizations/${tenantA.org}/integrations`,
        {
          json: { name, type: "webhook", host_url: judgeServer.url, events: ["evaluation.failed"] },
        },
      )
    ).body.data.id;
  await labelTraces(service, tenantA, optimizedJudge.id, 10);
  return {
    modelId: await model("acme/fixture"),
    doomedModelId: await model("acme/doomed"),
    benchmarkId: benchmark.body.data.benchmark_id,
    judgeModelId,
    judgeId: fixtureJudge.id,
    doomedJudgeId: (await judge("Doomed judge")).id,
    traceId,
    doomedTraceId,
    traceEvaluationId: evaluation.id,
    optimizedJudgeId: optimizedJudge.id,
    optimizationId: await insertFinishedRun(service, tenantA, optimizedJudge),
    spaceId: await space("Fixture space"),
    doomedSpaceId: await space("Doomed space"),
    scorerId: await scorer("Fixture scorer"),
    doomedScorerId: await scorer("Doomed scorer"),
    evaluationId,
    integrationId: await integration("Fixture hook"),
    doomedIntegrationId: await integration("Doomed hook"),
  };
}
afterAll(async () => {
  await service.close();
  await judgeServer.close();
});

function probe(route: Route, key: string, organization_id: string, project_id: string) {
  const sample = SAMPLES[route.operationId]?.(fixture) ?? {};
  const path = fillPath(route.path, { ...sample.params, organization_id, project_id });
  return service.call(route.method, path, { apiKey: key, json: sample.body });
}

describe("tenant isolation", () => {
  it("covers at least the upload routes", () => {
    expect(projectRoutes.map((r) => r.operationId)).toEqual(
      expect.arrayContaining(["uploads.createBenchmarkUpload", "uploads.createTraceUpload"]),
    );
  });

  describe.each(projectRoutes.map((r) => [r.operationId, r] as const))("%s", (_id, route) => {
    it("has a sample request", () => {
      expect(SAMPLES[route.operationId], `add a sample for ${route.operationId}`).toBeDefined();
    });

    it("works for the owner (so the probes below are not vacuous)", async () => {
      const res = await probe(route, tenantA.key, tenantA.org, tenantA.project);
      expect(res.status).toBe(route.status);
    });

    it("answers another tenant's ids exactly like ids that do not exist", async () => {
      const foreign = await probe(route, tenantB.key, tenantA.org, tenantA.project);
      const missing = await probe(route, tenantB.key, randomUUID(), randomUUID());
      expect(foreign.status).toBe(404);
      expect(foreign.text).toBe(missing.text);
      expect(foreign.body).toEqual({
        error: { message: "organization not found", code: "NOT_FOUND" },
      });

      const foreignProject = await probe(route, tenantB.key, tenantB.org, tenantA.project);
      const missingProject = await probe(route, tenantB.key, tenantB.org, randomUUID());
      expect(foreignProject.status).toBe(404);
      expect(foreignProject.text).toBe(missingProject.text);
      expect(foreignProject.body).toEqual({
        error: { message: "project not found", code: "NOT_FOUND" },
      });
    });

    it("refuses the route without a key", async () => {
      const res = await probe(route, "", tenantA.org, tenantA.project);
      expect(res.status).toBe(401);
    });
  });

  describe.each(organizationRoutes.map((r) => [r.operationId, r] as const))("%s", (_id, route) => {
    it("has a sample request", () => {
      expect(SAMPLES[route.operationId], `add a sample for ${route.operationId}`).toBeDefined();
    });

    it("works for the owner (so the probes below are not vacuous)", async () => {
      const res = await probe(route, tenantA.key, tenantA.org, "");
      expect(res.status).toBe(route.status);
    });

    it("answers another organization's ids exactly like ids that do not exist", async () => {
      const foreign = await probe(route, tenantB.key, tenantA.org, "");
      const missing = await probe(route, tenantB.key, randomUUID(), "");
      expect(foreign.status).toBe(404);
      expect(foreign.text).toBe(missing.text);
      expect(foreign.body).toEqual({
        error: { message: "organization not found", code: "NOT_FOUND" },
      });
    });

    it("refuses the route without a key", async () => {
      const res = await probe(route, "", tenantA.org, "");
      expect(res.status).toBe(401);
    });
  });

  it("lists only the caller's own organization", async () => {
    const a = await service.call<GetOrganizationResponse>("GET", "/organizations", {
      apiKey: tenantA.key,
    });
    const b = await service.call<GetOrganizationResponse>("GET", "/organizations", {
      apiKey: tenantB.key,
    });
    expect(a.body.data.id).toBe(tenantA.org);
    expect(b.body.data.id).toBe(tenantB.org);
    expect(b.body.data.name).toBe("Tenant B");
    expect(b.body.data.projects.map((p) => p.id)).not.toContain(tenantA.project);
  });

  it("lists the key's default project first, then the organization's others", async () => {
    const second = await service.admin.create({
      organization: "Default Organization",
      project: "Second",
    });
    const res = await service.call<GetOrganizationResponse>("GET", "/organizations", {
      apiKey: second.key,
    });
    expect(res.body.data.id).toBe(tenantA.org);
    expect(res.body.data.projects.map((p) => p.name)).toEqual(["Second", "Default Project"]);
    const original = await service.call<GetOrganizationResponse>("GET", "/organizations");
    expect(original.body.data.projects.map((p) => p.name)).toEqual(["Default Project", "Second"]);
  });
});

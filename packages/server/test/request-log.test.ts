import {
  createEvaluation,
  createModel,
  importGsm8k,
  type Tenant,
  tenantOf,
} from "@assay/test-kit/evaluation-fixtures.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The request log at the default level: one line per request, but a client polling a run's
 * status (`assay eval run --wait`) is logged at debug, so the server's terminal stays readable.
 */

interface LogLine {
  level: number;
  msg: string;
  method?: string;
  path?: string;
  status?: number;
}

const DEBUG = 20;
const INFO = 30;
const lines: LogLine[] = [];
let service: TestService;
let tenant: Tenant;

beforeAll(async () => {
  const logger = pino(
    { level: "debug" },
    { write: (line: string) => void lines.push(JSON.parse(line)) },
  );
  service = await startTestService({ logger });
  tenant = await tenantOf(service);
});
afterAll(() => service?.close());

/** The level `method path` was logged at, after the request (answered) got its line. */
function levelOf(method: string, path: string): number | undefined {
  return lines.find((l) => l.msg === "request" && l.method === method && l.path === path)?.level;
}

describe("request log", () => {
  it("logs polls of a run's status at debug; writes, listings and errors at info", async () => {
    // No workers: the evaluation stays pending, as one being waited for.
    const modelId = await createModel(service, tenant, "https://models.example.com/v1");
    const evaluation = await createEvaluation(service, tenant, {
      model_id: modelId,
      dataset_id: await importGsm8k(service),
      limit: 2,
    });
    const poll = await service.call("GET", `/evaluations/${evaluation.id}`);
    expect(poll.status).toBe(200);
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await service.call("GET", `/evaluations/${missing}`)).status).toBe(404);
    const P = `/organizations/${tenant.org}/projects/${tenant.project}`;
    expect((await service.call("GET", `${P}/trace-evaluations`)).status).toBe(200);
    expect((await service.call("GET", `${P}/judge-optimizations/${missing}`)).status).toBe(404);

    // The hook runs once an answer has been sent: wait until every line is in.
    const levels = () =>
      [
        ["GET", `/evaluations/${evaluation.id}`],
        ["GET", `${P}/trace-evaluations`],
        ["GET", `/evaluations/${missing}`],
        ["GET", `${P}/judge-optimizations/${missing}`],
        ["POST", `${P}/evaluations`],
        ["POST", `${P}/custom-models`],
        ["GET", "/organizations"],
      ].map(([method, path]) => levelOf(method as string, `/api/v1${path}`));
    await expect.poll(levels).toEqual([DEBUG, DEBUG, INFO, INFO, INFO, INFO, INFO]);
  });
});

import { type Benchmark, Client, type Model } from "@assay/client";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { ensureDashboardBuilt } from "./built-dashboard.ts";

/**
 * What every browser test starts from: a real service with its workers (SQLite, or PostgreSQL
 * with DATABASE_URL) serving the built dashboard and allowed to call fake models on loopback,
 * with an SDK client on its key.
 */
export interface DashboardService {
  service: TestService;
  client: Client;
  /** The dashboard's root, e.g. http://127.0.0.1:PORT/ui */
  ui: string;
}

export async function startDashboardService(
  env: Record<string, string> = {},
): Promise<DashboardService> {
  const service = await startTestService({
    workers: true,
    env: { ASSAY_UI_DIR: ensureDashboardBuilt(), ALLOWED_MODEL_HOSTS: "127.0.0.1", ...env },
  });
  const client = new Client({ apiKey: service.apiKey, baseURL: service.apiUrl });
  return { service, client, ui: `${service.origin}/ui` };
}

/** Registers a fake endpoint as a custom model named by its key; answers the model. */
export async function addFakeModel(
  client: Client,
  key: string,
  endpoint: { url: string },
): Promise<Model> {
  await client.models.createCustom({
    name: key,
    key,
    description: "",
    api_url: endpoint.url,
    max_tokens: 64,
  });
  const model = await client.models.getByKey(key);
  if (!model) throw new Error(`model ${key} was not created`);
  return model;
}

/** Uploads rows as a custom benchmark scored as numbers; answers the benchmark. */
export async function addNumericBenchmark(
  client: Client,
  name: string,
  rows: readonly object[],
): Promise<Benchmark> {
  const lines = rows.map((row) => JSON.stringify(row)).join("\n");
  const { benchmark_id } = await client.benchmarks.createCustom({
    name,
    description: name,
    file: new TextEncoder().encode(`${lines}\n`),
    // Its own file name: a benchmark takes the project's latest upload of that name, so two
    // benchmarks added at once must not share one.
    filename: `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${crypto.randomUUID()}.jsonl`,
    scoring_metric: "numeric",
  });
  return client.benchmarks.getById(benchmark_id);
}

/**
 * The traces tests' judge, "Names Paris", on a fake judge model registered as `fake/judge`
 * (`judgeBehavior()` passes an answer that names Paris); answers the judge's id.
 */
export async function addParisJudge(client: Client, judgeServer: { url: string }): Promise<string> {
  const model = await addFakeModel(client, "fake/judge", judgeServer);
  const judge = await client.judges.create({
    name: "Names Paris",
    evaluation_goal: "Pass when the answer names Paris.",
    model_id: model.id,
  });
  return judge.id;
}

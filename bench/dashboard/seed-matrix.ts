// The runs the N-run view is measured on (issue 31): ten fake models of different skill answer a
// 1,319-prompt benchmark (GSM8K's test split is that long), run to completion by the service's
// workers like every other run of the bench. Nothing is written behind the API's back.
import type { Client } from "@assay/client";
import { startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import {
  addFakeModel,
  addNumericBenchmark,
} from "../../packages/web/test/support/dashboard-service.ts";
import { largeRow, sums } from "./seed-project.ts";

export interface MatrixRuns {
  /** The evaluations, in the order the view lists them. */
  ids: string[];
  close(): Promise<void>;
}

/**
 * Model k of `runs` is wrong on about 8 + 4k in 100 prompts, spread by a hash of the prompt and
 * the model, so the runs disagree on different prompts (as real models do), not on nested sets.
 */
const wrongFor = (k: number) => (id: number) =>
  ((id * 7919 + k * 104_729) % 1009) % 100 < 8 + 4 * k;

export async function seedMatrixRuns(
  client: Client,
  sizes: { prompts: number; runs: number },
  log: (line: string) => void,
): Promise<MatrixRuns> {
  const started = performance.now();
  const servers = await Promise.all(
    Array.from({ length: sizes.runs }, (_, k) =>
      startFakeModelServer({ behavior: sums(wrongFor(k)) }),
    ),
  );
  const close = async () => void (await Promise.all(servers.map((s) => s.close())));
  try {
    const rows = Array.from({ length: sizes.prompts }, (_, position) => largeRow(position));
    const benchmark = await addNumericBenchmark(client, `Sums ${sizes.prompts} side by side`, rows);
    const models = [];
    for (const [k, server] of servers.entries())
      models.push(await addFakeModel(client, `fake/matrix-${k + 1}`, server));
    const created = await Promise.all(
      models.map((model) => client.evaluations.create(model, benchmark, { concurrency: 32 })),
    );
    const done = await Promise.all(
      created.map((e) => client.evaluations.waitForCompletion(e, { intervalMs: 1000 })),
    );
    const failed = done.filter((e) => e.status !== "success");
    if (failed.length > 0) throw new Error(`${failed.length} matrix runs did not succeed`);
    log(
      `ran ${sizes.runs} evaluations of ${sizes.prompts} prompts for the N-run view in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return { ids: done.map((e) => e.id), close };
  } catch (error) {
    await close();
    throw error;
  }
}

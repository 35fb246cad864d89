import type { EvaluationStatus } from "@assay/protocol";
import type {
  EvaluationChunk,
  EvaluationPlan,
  EvaluationStore,
  StoredSample,
} from "@assay/server/src/engine/runners/evaluation/evaluation-store.ts";
import type {
  CachedAnswer,
  SampleOutcome,
} from "@assay/server/src/engine/runners/evaluation/run-samples.ts";

const ACTIVE: readonly EvaluationStatus[] = ["pending", "in-progress"];

/**
 * The evaluation runner's store in memory, for one run, keeping the rules of the real one: status
 * changes guarded by the status they leave, one result per position, writes to an ended run
 * ignored, and finalizing only once every prompt has a result.
 */
export class MemoryEvaluationStore implements EvaluationStore {
  status: EvaluationStatus = "pending";
  description = "";
  deadlineAt: Date | null = null;
  readonly results = new Map<number, SampleOutcome>();
  /** Each writeResults call's outcomes, in order. */
  readonly writes: SampleOutcome[][] = [];
  readonly cache = new Map<string, CachedAnswer>();
  finalizeCalls = 0;
  finalizedMetrics: readonly string[] | undefined;
  private waiters: { count: number; resolve: () => void }[] = [];

  readonly samples: readonly StoredSample[];
  plan: EvaluationPlan | { unusable: string };

  constructor(samples: readonly StoredSample[], plan: EvaluationPlan | { unusable: string }) {
    this.samples = samples;
    this.plan = plan;
  }

  async startRun(_chunk: EvaluationChunk, times: { startedAt: Date; deadlineAt: Date }) {
    if (this.status === "pending") {
      this.status = "in-progress";
      this.deadlineAt = times.deadlineAt;
    }
    return { status: this.status, deadlineAt: this.deadlineAt };
  }

  async loadPlan() {
    return this.plan;
  }

  async findStatus() {
    return this.status;
  }

  /** What a user's cancel does to the run. */
  cancel() {
    this.end("cancelled", "cancelled by the user");
  }

  async endEarly(_id: string, status: "failure" | "timeout", description: string) {
    this.end(status, description);
  }

  async unscoredSamples(chunk: EvaluationChunk) {
    return this.samples.filter(
      (s) => s.position >= chunk.from && s.position < chunk.to && !this.results.has(s.position),
    );
  }

  async cachedResponses(keys: string[]) {
    return new Map(keys.flatMap((k) => (this.cache.has(k) ? [[k, this.cache.get(k)!]] : [])));
  }

  async writeResults(_id: string, outcomes: readonly SampleOutcome[]) {
    if (!ACTIVE.includes(this.status)) return;
    this.writes.push([...outcomes]);
    for (const o of outcomes) {
      if (!this.results.has(o.position)) this.results.set(o.position, o);
      if (o.cacheEntry) this.cache.set(o.cacheEntry.key, o.cacheEntry);
    }
    for (const waiter of this.waiters.filter((w) => w.count <= this.results.size)) {
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  }

  /** Resolves once `count` results are stored (a test waits for a batch to be written). */
  resultsStored(count: number): Promise<void> {
    if (this.results.size >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }

  async finalize(_id: string, metricNames: readonly string[]) {
    this.finalizeCalls += 1;
    if (this.status !== "in-progress" || this.results.size < this.samples.length) return;
    const allFailed = [...this.results.values()].every((r) => r.error !== null);
    this.finalizedMetrics = metricNames;
    this.status = allFailed ? "failure" : "success";
  }

  private end(status: EvaluationStatus, description: string) {
    if (!ACTIVE.includes(this.status)) return;
    this.status = status;
    this.description = description;
  }
}

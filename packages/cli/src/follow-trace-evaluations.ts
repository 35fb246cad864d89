import { setTimeout as delay } from "node:timers/promises";
import {
  adaptivePollDelayMs,
  type Client,
  isTraceEvaluationFinished,
  type TraceEvaluation,
  type TraceEvaluationResult,
  WaitTimeoutError,
} from "@assay/client";
import type { VerdictCounts } from "./output/judge-progress.ts";

/** One trace evaluation as `assay judge run --wait` reports it. */
export interface Verdict {
  traceEvaluation: TraceEvaluation;
  /** The judge's verdict; undefined when the run ended `failure`. */
  result: TraceEvaluationResult | undefined;
}

export interface FollowOptions {
  /** Between polls; default: adaptive, on the SDK's schedule (`DEFAULT_POLL_SCHEDULE`). */
  intervalMs?: number | undefined;
  /** Give up after this long (`WaitTimeoutError` whose `last` is the counts); default: never. */
  timeoutMs?: number | undefined;
  /** Stops waiting (the evaluations go on); the caller checks `signal.aborted`. */
  signal?: AbortSignal | undefined;
  onProgress?: ((counts: VerdictCounts) => void) | undefined;
  /** Waits between polls; a seam for tests (default: a timer that an abort ends early). */
  sleep?: ((ms: number, signal: AbortSignal | undefined) => Promise<void>) | undefined;
  /** The clock the adaptive schedule reads; a seam for tests (default: Date.now). */
  now?: (() => number) | undefined;
}

/** The list route's largest page (protocol §10.3). */
const PAGE_SIZE = 100;
/** Requests in flight at once for single evaluations and verdicts: gentle on the rate limit. */
const CONCURRENCY = 4;

/**
 * Waits until every evaluation of one judge run has a verdict or has failed, and answers them in
 * the order given. A run may hold a thousand evaluations, so their states are read from the
 * judge's evaluation list, newest first, a page of 100 at a time (a GET each would run into the
 * rate limit); an evaluation the list did not show is read on its own. Each verdict is read
 * once, when its evaluation succeeds, so the pass count grows while the run goes on.
 */
export async function followTraceEvaluations(
  client: Client,
  judgeId: string,
  started: readonly TraceEvaluation[],
  options: FollowOptions,
): Promise<Verdict[]> {
  const { signal } = options;
  if (started.length === 0) return [];
  const verdicts = new Map<string, Verdict>(
    started.map((e) => [e.id, { traceEvaluation: e, result: undefined }]),
  );
  const open = new Set(started.map((e) => e.id));
  const oldest = Math.min(...started.map((e) => Date.parse(e.created_at)));
  const deadline = Date.now() + (options.timeoutMs ?? Number.POSITIVE_INFINITY);
  // Without an interval, polls follow the SDK's schedule: quick at first (a short run is over in
  // a second or two), slower as the run goes on.
  const now = options.now ?? Date.now;
  const startedAt = now();
  let intervalMs: number | undefined;
  for (;;) {
    const finished = await readFinished(client, judgeId, open, oldest, signal);
    for (const state of finished) (verdicts.get(state.id) as Verdict).traceEvaluation = state;
    const succeeded = finished.filter((e) => e.status === "success");
    const results = await mapConcurrently(succeeded, (e) =>
      client.traceEvaluations.getResults(e.id, { signal }),
    );
    succeeded.forEach((e, i) => {
      (verdicts.get(e.id) as Verdict).result = results[i];
    });
    for (const state of finished) {
      // A success whose verdict is not readable yet stays open until the next poll.
      const verdict = verdicts.get(state.id) as Verdict;
      if (state.status === "failure" || verdict.result !== undefined) open.delete(state.id);
    }
    const counts = countVerdicts([...verdicts.values()]);
    options.onProgress?.(counts);
    if (open.size === 0) return started.map((e) => verdicts.get(e.id) as Verdict);
    const left = deadline - Date.now();
    if (left <= 0) {
      throw new WaitTimeoutError(
        `${open.size} of ${started.length} trace evaluations had no verdict yet`,
        { timeoutMs: options.timeoutMs as number, last: counts },
      );
    }
    intervalMs = options.intervalMs ?? adaptivePollDelayMs(intervalMs, now() - startedAt);
    await (options.sleep ?? sleep)(Math.min(intervalMs, left), signal);
    if (signal?.aborted) throw signal.reason;
  }
}

export function countVerdicts(verdicts: readonly Verdict[]): VerdictCounts {
  const counts = { total: verdicts.length, finished: 0, passed: 0, failed: 0, errors: 0 };
  for (const { traceEvaluation, result } of verdicts) {
    if (traceEvaluation.status === "failure") counts.errors += 1;
    else if (result?.passed === true) counts.passed += 1;
    else if (result?.passed === false) counts.failed += 1;
    else continue;
    counts.finished += 1;
  }
  return counts;
}

/**
 * The open evaluations that have finished, as they are now: read from the judge's list, those
 * it did not show one by one.
 */
async function readFinished(
  client: Client,
  judgeId: string,
  open: ReadonlySet<string>,
  oldest: number,
  signal: AbortSignal | undefined,
): Promise<TraceEvaluation[]> {
  const seen = new Map<string, TraceEvaluation>();
  for (let page = 1; ; page++) {
    const answer = await client.traceEvaluations.getMany(
      { judgeId, page, pageSize: PAGE_SIZE, sortBy: "created_at", sortOrder: "desc" },
      { signal },
    );
    for (const e of answer.traceEvaluations) if (open.has(e.id)) seen.set(e.id, e);
    const last = answer.traceEvaluations.at(-1);
    // Ours were created together; a page reaching past the oldest of them ends the search.
    if (
      seen.size === open.size ||
      last === undefined ||
      page >= answer.pagination.totalPages ||
      Date.parse(last.created_at) < oldest
    ) {
      break;
    }
  }
  // Paging while others create evaluations can shift one past us; read those directly.
  const missing = [...open].filter((id) => !seen.has(id));
  const direct = await mapConcurrently(missing, (id) =>
    client.traceEvaluations.get(id, { signal }),
  );
  return [...seen.values(), ...direct].filter(isTraceEvaluationFinished);
}

/** `fn` over `items`, at most CONCURRENCY at a time; results in the order of `items`. */
async function mapConcurrently<T, R>(
  items: readonly T[],
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  return results;
}

/** Resolves after `ms`, or early when `signal` aborts: the caller checks `signal.aborted` next. */
async function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  try {
    await delay(ms, undefined, { signal });
  } catch {
    // Aborted.
  }
}

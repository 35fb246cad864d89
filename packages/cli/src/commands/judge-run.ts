import { stat } from "node:fs/promises";
import { type Client, type Judge, type TraceEvaluation, WaitTimeoutError } from "@assay/client";
import { MAX_TRACES_PER_REQUEST } from "@assay/protocol";
import type { Command } from "commander";
import {
  type ConnectionOptions,
  toList,
  toPositiveSeconds,
  withApiClient,
  withConnectionOptions,
} from "../api-client.ts";
import {
  countVerdicts,
  followTraceEvaluations,
  type Verdict,
} from "../follow-trace-evaluations.ts";
import { printJson } from "../output/json.ts";
import type { VerdictCounts } from "../output/judge-progress.ts";
import { VerdictProgress } from "../output/judge-progress.ts";
import { printVerdicts } from "../output/verdicts.ts";
import { onJudge } from "./judges.ts";
import { countText } from "./traces.ts";

/** `assay judge run`: a judge over many traces, through the bulk route; optionally to the end. */
export function registerJudgeRunCommand(program: Command) {
  const judge = program.command("judge");

  judge
    .command("run")
    .description(
      "evaluate traces with a judge: a trace file (uploaded first) or trace ids; prints the evaluations' ids",
    )
    .requiredOption("--judge <id>", "the judge's id")
    .requiredOption(
      "--traces <file-or-ids>",
      "a .jsonl or .json file to upload and judge every trace of, or comma-separated trace ids",
    )
    .option("--wait", "follow the evaluations to their end, then print the verdicts and pass rate")
    .option(
      "--interval <seconds>",
      "with --wait: seconds between polls (default: from 0.5 s, growing to 10 s as the run goes on)",
      toPositiveSeconds,
    )
    .option("--timeout <seconds>", "with --wait: stop waiting after this long", toPositiveSeconds)
    .option("--json", "print JSON: the new evaluations, or with --wait the verdicts and counts")
    .action(async (options: RunOptions) => {
      if (!options.wait && (options.interval ?? options.timeout) !== undefined) {
        throw new Error("--interval and --timeout go with --wait");
      }
      await withApiClient(options, async (client) => {
        // First, so a wrong id fails before any file is uploaded.
        const judge = await onJudge(options.judge, () => client.judges.get(options.judge));
        const traceIds = await resolveTraces(client, options.traces);
        const started = await createAll(client, judge, traceIds);
        if (!options.wait) {
          if (options.json) return printJson(started);
          for (const e of started) console.log(e.id);
          console.error(
            `started ${countText(started.length, "trace evaluation")} with judge ${judge.name} (version ${judge.version}); see the verdicts with \`assay traces list --judge ${judge.id}\``,
          );
          return;
        }
        console.error(`judging ${countText(started.length, "trace")} with ${judge.name}`);
        const verdicts = await follow(client, judge, started, options);
        if (verdicts !== undefined) report(judge, verdicts, options.json);
      });
    });

  withConnectionOptions(judge.commands[0] as Command);
}

interface RunOptions extends ConnectionOptions {
  judge: string;
  traces: string;
  wait?: boolean;
  interval?: number;
  timeout?: number;
  json?: boolean;
}

/**
 * `--traces` as trace ids: a file (anything that names an existing file, or looks like a path
 * or a .json/.jsonl name) is uploaded first and all its traces are judged; anything else is a
 * comma-separated list of ids.
 */
async function resolveTraces(client: Client, value: string): Promise<string[]> {
  if (looksLikeFile(value) || (await isFile(value))) {
    const { trace_ids } = await client.traces.upload(value);
    console.error(`uploaded ${countText(trace_ids.length, "trace")} from ${value}`);
    if (trace_ids.length === 0) throw new Error(`${value} holds no traces`);
    return trace_ids;
  }
  const ids = toList(value);
  if (ids.length === 0) throw new Error("--traces: give a trace file or comma-separated trace ids");
  return ids;
}

function looksLikeFile(value: string): boolean {
  return /[\\/]/.test(value) || /\.(jsonl|ndjson|json)$/i.test(value);
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** One bulk request per 1 000 traces (the route's limit), answers in the order of `traceIds`. */
async function createAll(
  client: Client,
  judge: Judge,
  traceIds: readonly string[],
): Promise<TraceEvaluation[]> {
  const started: TraceEvaluation[] = [];
  for (let i = 0; i < traceIds.length; i += MAX_TRACES_PER_REQUEST) {
    const chunk = traceIds.slice(i, i + MAX_TRACES_PER_REQUEST);
    started.push(...(await client.traceEvaluations.createMany(chunk, judge)));
  }
  return started;
}

/**
 * Polls the evaluations to their end with a progress display on stderr. Ctrl-C stops waiting,
 * not the evaluations: the command says so and exits 130 (undefined is returned).
 */
async function follow(
  client: Client,
  judge: Judge,
  started: TraceEvaluation[],
  options: RunOptions,
): Promise<Verdict[] | undefined> {
  const progress = new VerdictProgress(process.stderr);
  const interrupt = new AbortController();
  const onInterrupt = () => interrupt.abort();
  process.once("SIGINT", onInterrupt);
  try {
    return await followTraceEvaluations(client, judge.id, started, {
      // No --interval: the SDK's own adaptive polling (quick at first, then gentler).
      intervalMs: options.interval === undefined ? undefined : options.interval * 1000,
      timeoutMs: options.timeout === undefined ? undefined : options.timeout * 1000,
      signal: interrupt.signal,
      onProgress: (counts) => progress.update(counts),
    });
  } catch (error) {
    progress.finish();
    const later = `the evaluations keep running; see the verdicts with \`assay traces list --judge ${judge.id}\``;
    if (interrupt.signal.aborted) {
      console.error(`stopped waiting; ${later}`);
      process.exitCode = 130;
      return undefined;
    }
    if (error instanceof WaitTimeoutError) {
      const counts = (error as WaitTimeoutError<VerdictCounts>).last;
      throw new Error(
        `stopped waiting after ${options.timeout} s with ${counts.finished} of ${counts.total} judged; ${later}`,
        { cause: error },
      );
    }
    throw error;
  } finally {
    progress.finish();
    process.off("SIGINT", onInterrupt);
  }
}

/** Verdicts and pass rate; any evaluation that ended `failure` makes the command fail (exit 1). */
function report(judge: Judge, verdicts: Verdict[], json: boolean | undefined): void {
  const counts = countVerdicts(verdicts);
  if (json) {
    printJson({
      judge_id: judge.id,
      ...counts,
      evaluations: verdicts.map((v) => ({
        trace_evaluation: v.traceEvaluation,
        result: v.result ?? null,
      })),
    });
  } else {
    printVerdicts(verdicts, counts);
  }
  if (counts.errors > 0) {
    console.error(
      `assay: ${counts.errors} of ${counts.total} trace evaluations ended failure (${firstReason(verdicts)})`,
    );
    process.exitCode = 1;
  }
}

function firstReason(verdicts: readonly Verdict[]): string {
  const failed = verdicts.find((v) => v.traceEvaluation.status === "failure");
  return failed?.traceEvaluation.status_description || "no reason given";
}

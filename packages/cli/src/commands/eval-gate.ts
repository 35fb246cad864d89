import { writeFileSync } from "node:fs";
import {
  type Client,
  type Evaluation,
  GATE_CONFIDENCE,
  GateError,
  type GateReport,
  isFinished,
  NotFoundError,
} from "@assay/client";
import { type Command, type CommanderError, InvalidArgumentError, Option } from "commander";
import {
  type ConnectionOptions,
  createApiClient,
  describeApiError,
  findByIdOrKey,
  toPositiveInteger,
  toPositiveSeconds,
} from "../api-client.ts";
import { gateErrorJunit, gateJunit } from "../output/gate-junit.ts";
import { ProgressReporter } from "../output/progress.ts";
import { toRepeats } from "../run-options.ts";

/**
 * `assay eval gate`: a CI gate that knows its noise. It runs a model on a benchmark (or takes a
 * run by id) and fails only when the run's interval shows it confidently worse than a baseline
 * by more than a margin, or confidently below a minimum accuracy; the rules are in the SDK
 * (`@assay/client`'s evaluation-gate.ts) and docs/cli.md.
 *
 * Exit codes, so CI can tell a bad model from a broken pipeline: 0 the gate passed (inconclusive
 * included, unless --fail-on-inconclusive), 1 the gate failed, 2 it could not decide (a usage
 * error, an unreachable service, a run that did not succeed).
 */
export const GATE_EXIT = { pass: 0, fail: 1, error: 2 } as const;

type ReportFormat = "json" | "junit";

interface GateOptions extends ConnectionOptions {
  model?: string;
  benchmark?: string;
  evaluation?: string;
  baseline?: string;
  margin?: number;
  minAccuracy?: number;
  confidence?: number;
  failOnInconclusive?: boolean;
  limit?: number;
  concurrency?: number;
  repeats?: number;
  cache: boolean;
  timeout?: number;
  report?: ReportFormat;
  output?: string;
}

function toFraction(value: string): number {
  const n = Number(value.trim());
  if (value.trim() === "" || !Number.isFinite(n) || n < 0 || n > 1)
    throw new InvalidArgumentError("must be a number from 0 to 1 (e.g. 0.02)");
  return n;
}

export function registerGateCommand(evaluations: Command): Command {
  const gate = evaluations
    .command("gate")
    .description(
      "CI gate: run a model on a benchmark (or take --evaluation) and exit 1 only when it is confidently worse than --baseline by more than --margin, or confidently below --min-accuracy (exit 0 pass or inconclusive, 2 error)",
    )
    .option("--model <id-or-key>", "the model to run (with --benchmark)")
    .option("--benchmark <id-or-key>", "the benchmark to run it on (with --model)")
    .option("--evaluation <id>", "gate this evaluation instead of starting one (waits if running)")
    .option(
      "--baseline <evaluation-id>",
      "an earlier evaluation on the same benchmark to compare with, prompt by prompt",
    )
    .option(
      "--margin <x>",
      "with --baseline: how much lower the accuracy may be, 0–1 (default 0)",
      toFraction,
    )
    .option(
      "--min-accuracy <x>",
      "the accuracy, 0–1, the run must not be confidently below",
      toFraction,
    )
    .option(
      "--confidence <level>",
      `the intervals' level; the service computes ${GATE_CONFIDENCE} (two-sided) only`,
      toFraction,
    )
    .option(
      "--fail-on-inconclusive",
      "exit 1 also when an interval straddles the line (too few prompts to tell)",
    )
    .option("--limit <n>", "run only the first N prompts", toPositiveInteger)
    .option("--concurrency <n>", "most model calls in flight at once", toPositiveInteger)
    .option(
      "--repeats <n>",
      "ask each prompt N times (a tighter interval for noisy models)",
      toRepeats,
    )
    .option("--no-cache", "call the model even for requests answered before")
    .option(
      "--timeout <seconds>",
      "stop waiting for the run after this long (exit 2)",
      toPositiveSeconds,
    )
    .addOption(
      new Option("--report <format>", "also write a report for CI: json or junit (XML)").choices([
        "json",
        "junit",
      ]),
    )
    .option(
      "--output <file>",
      "with --report: the file to write (default: stdout, instead of the verdict line)",
    )
    .action(async (options: GateOptions) => {
      process.exitCode = await runGate(options);
    });
  // Usage errors (a bad option value, an unknown option) are exit code 2 here, not commander's 1,
  // so a typo in a CI script is never read as "the model got worse".
  gate.exitOverride((error: CommanderError) => {
    process.exit(error.exitCode === 0 ? 0 : GATE_EXIT.error);
  });
  return gate;
}

function checkOptions(options: GateOptions): void {
  const run = options.model !== undefined || options.benchmark !== undefined;
  if (run && options.evaluation !== undefined)
    throw new GateError("give --model and --benchmark (to start a run) or --evaluation, not both");
  if (!run && options.evaluation === undefined)
    throw new GateError("give --model and --benchmark (to start a run), or --evaluation <id>");
  if (run && (options.model === undefined || options.benchmark === undefined))
    throw new GateError("--model and --benchmark go together");
  if (options.output !== undefined && options.report === undefined)
    throw new GateError("--output goes with --report json|junit");
  if (!run && (options.limit ?? options.concurrency ?? options.repeats) !== undefined)
    throw new GateError("--limit, --concurrency and --repeats are for a new run, not --evaluation");
}

/** Everything the command does; answers the exit code instead of throwing. */
async function runGate(options: GateOptions): Promise<number> {
  try {
    checkOptions(options);
    const criteria = {
      baseline: options.baseline,
      margin: options.margin,
      minAccuracy: options.minAccuracy,
      confidence: options.confidence,
      failOnInconclusive: options.failOnInconclusive,
    };
    const client = createApiClient(options);
    let report: GateReport;
    try {
      // The baseline is read first: a typo must not cost a whole run.
      const baseline =
        options.baseline === undefined ? undefined : await readBaseline(client, options.baseline);
      const evaluation = await evaluationToGate(client, options, baseline);
      // Progress only for a run still going: a finished one is gated at once.
      const progress = isFinished(evaluation) ? undefined : new ProgressReporter(process.stderr);
      try {
        report = await client.evaluations.gate(evaluation, criteria, {
          timeoutMs: options.timeout === undefined ? undefined : options.timeout * 1000,
          onProgress: progress && ((current) => progress.update(current)),
        });
      } finally {
        progress?.finish();
      }
    } catch (error) {
      const message = describeApiError(error, client.baseURL);
      throw message === undefined ? error : new Error(message, { cause: error });
    }
    writeReport(options, report);
    return report.passed ? GATE_EXIT.pass : GATE_EXIT.fail;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`assay: gate ERROR: ${message}`);
    if (options.report !== undefined) {
      const text =
        options.report === "json"
          ? `${JSON.stringify({ verdict: "error", passed: false, message }, null, 2)}\n`
          : gateErrorJunit(message, new Date());
      emit(options, text);
    }
    return GATE_EXIT.error;
  }
}

async function readBaseline(client: Client, id: string): Promise<Evaluation> {
  try {
    // The public reading: a baseline may be one of this organization's or a published one.
    return await client.public.evaluations.getById(id);
  } catch (error) {
    if (error instanceof NotFoundError)
      throw new GateError(`no baseline evaluation with id ${id} readable by this key`);
    throw error;
  }
}

/** The run to gate: the one named, or a new one started here (its id on stderr). */
async function evaluationToGate(
  client: Client,
  options: GateOptions,
  baseline: Evaluation | undefined,
): Promise<Evaluation> {
  if (options.evaluation !== undefined) {
    try {
      const evaluation = await client.evaluations.getById(options.evaluation);
      checkSameBenchmark(evaluation.dataset_id, baseline);
      return evaluation;
    } catch (error) {
      if (error instanceof NotFoundError)
        throw new GateError(`no evaluation with id ${options.evaluation} in this organization`);
      throw error;
    }
  }
  const model = await findByIdOrKey(options.model as string, "model", client.models);
  const benchmark = await findByIdOrKey(
    options.benchmark as string,
    "benchmark",
    client.benchmarks,
  );
  checkSameBenchmark(benchmark.id, baseline);
  const created = await client.evaluations.create(model, benchmark, {
    limit: options.limit,
    concurrency: options.concurrency,
    repeats: options.repeats,
    cache: options.cache ? undefined : false,
  });
  console.error(`assay: gating evaluation ${created.id} (${model.key} on ${benchmark.key})`);
  return created;
}

function checkSameBenchmark(benchmarkId: string, baseline: Evaluation | undefined): void {
  if (baseline !== undefined && baseline.dataset_id !== benchmarkId)
    throw new GateError(
      `the baseline ${baseline.id} ran on another benchmark (${baseline.dataset_name || baseline.dataset_id}): a paired comparison needs the same prompts`,
    );
}

/** The verdict line on stdout, and the report where --report/--output say. */
function writeReport(options: GateOptions, report: GateReport): void {
  // A report on stdout keeps stdout parseable: the line goes to stderr then.
  if (options.report !== undefined && options.output === undefined) console.error(report.summary);
  else console.log(report.summary);
  if (options.report === undefined) return;
  const text =
    options.report === "json"
      ? `${JSON.stringify(report, null, 2)}\n`
      : gateJunit(report, new Date());
  emit(options, text);
}

function emit(options: GateOptions, text: string): void {
  if (options.output === undefined) process.stdout.write(text);
  else writeFileSync(options.output, text);
}

import {
  type AppliedOptimization,
  type Client,
  type JudgeOptimizationRun,
  WaitTimeoutError,
} from "@assay/client";
import { OPTIMIZATION_BUDGETS, type OptimizationBudget } from "@assay/protocol";
import { type Command, Option } from "commander";
import {
  type ConnectionOptions,
  toPositiveSeconds,
  withApiClient,
  withConnectionOptions,
} from "../api-client.ts";
import { printJson } from "../output/json.ts";
import { printOptimizationReport } from "../output/optimization-report.ts";
import { onJudge } from "./judges.ts";

/**
 * `assay judge optimize`: rewrite a judge's goal against people's labels. Starts a run (or
 * follows one with `--run`), prints its steps as they happen, then the baseline against the
 * optimized goal on the held-out labels; `--apply` gives the judge the new goal when it improved.
 */
export function registerJudgeOptimizeCommand(program: Command) {
  // `assay judge` exists already when `judge run` was registered first.
  const judge = program.commands.find((c) => c.name() === "judge") ?? program.command("judge");

  const optimize = judge
    .command("optimize")
    .description(
      "optimize a judge's goal so its verdicts agree with people's labels (at least 10 labeled traces); prints the run's id",
    )
    .option("--judge <id>", "the judge to optimize")
    .option("--run <id>", "follow an existing optimization run instead of starting one")
    .addOption(
      new Option("--budget <budget>", "rounds × candidates: light 1 × 3, medium 3 × 4, heavy 5 × 6")
        .choices(OPTIMIZATION_BUDGETS)
        .default("medium"),
    )
    .option("--estimate", "print what the run would cost, and start nothing")
    .option("--wait", "follow the run to its end, then print baseline against optimized")
    .option("--apply", "with --wait or --run: give the judge the optimized goal when it improved")
    .option(
      "--interval <seconds>",
      "while waiting: seconds between polls (default: from 0.5 s, growing to 10 s as the run goes on)",
      toPositiveSeconds,
    )
    .option("--timeout <seconds>", "stop waiting after this long", toPositiveSeconds)
    .option(
      "--json",
      "print JSON: the estimate, the new run, or the finished run and what apply did",
    )
    .action(async (options: OptimizeOptions) => {
      checkOptions(options);
      await withApiClient(options, async (client) => {
        if (options.estimate) return estimate(client, options.judge as string, options);
        let runId = options.run;
        if (runId === undefined) {
          const judgeId = options.judge as string;
          const created = await onJudge(judgeId, () =>
            client.judgeOptimizations.create(judgeId, options.budget),
          );
          runId = created.id;
          if (!options.wait) {
            if (options.json) return printJson(created);
            console.log(created.id);
            console.error(
              `started optimization run ${created.id} (budget ${created.budget}); follow it with \`assay judge optimize --run ${created.id}\``,
            );
            return;
          }
        }
        const run = await follow(client, runId, options);
        if (run !== undefined) await finish(client, run, options);
      });
    });

  withConnectionOptions(optimize);
}

interface OptimizeOptions extends ConnectionOptions {
  judge?: string;
  run?: string;
  budget: OptimizationBudget;
  estimate?: boolean;
  wait?: boolean;
  apply?: boolean;
  interval?: number;
  timeout?: number;
  json?: boolean;
}

function checkOptions(options: OptimizeOptions): void {
  if ((options.judge === undefined) === (options.run === undefined))
    throw new Error("give --judge to start an optimization, or --run to follow one");
  if (options.estimate && options.judge === undefined)
    throw new Error("--estimate goes with --judge");
  const following = options.wait || options.run !== undefined;
  if (
    !following &&
    (options.apply || options.interval !== undefined || options.timeout !== undefined)
  )
    throw new Error("--apply, --interval and --timeout go with --wait (or --run)");
}

async function estimate(client: Client, judgeId: string, options: OptimizeOptions) {
  const figures = await onJudge(judgeId, () =>
    client.judgeOptimizations.estimate(judgeId, options.budget),
  );
  if (options.json) return printJson(figures);
  console.log(
    `budget ${figures.budget}: about $${figures.estimated_cost.toFixed(4)} for ${figures.judge_calls} judge calls and ${figures.optimizer_calls} optimizer calls over ${figures.annotation_count} labels`,
  );
}

/**
 * Polls the run to its end, printing each new log line (one per step) on stderr. Ctrl-C stops
 * waiting, not the run: the command says so and exits 130 (undefined is returned).
 */
async function follow(
  client: Client,
  runId: string,
  options: OptimizeOptions,
): Promise<JudgeOptimizationRun | undefined> {
  const interrupt = new AbortController();
  const onInterrupt = () => interrupt.abort();
  process.once("SIGINT", onInterrupt);
  let printed = 0;
  let waitingShown = false;
  const later = `it goes on on the server; follow it again with \`assay judge optimize --run ${runId}\``;
  try {
    return await client.judgeOptimizations.waitForCompletion(runId, {
      // No --interval: the SDK's own adaptive polling (quick at first, then gentler).
      intervalMs: options.interval === undefined ? undefined : options.interval * 1000,
      timeoutMs: options.timeout === undefined ? Infinity : options.timeout * 1000,
      signal: interrupt.signal,
      onProgress: (run) => {
        if (run.status === "pending" && !waitingShown) {
          console.error(`run ${run.id} is waiting for a worker`);
          waitingShown = true;
        }
        const lines = run.logs ? run.logs.split("\n") : [];
        // A run restarted by its worker begins its logs again.
        if (lines.length < printed) printed = 0;
        for (const line of lines.slice(printed)) console.error(line);
        printed = lines.length;
      },
    });
  } catch (error) {
    if (interrupt.signal.aborted) {
      console.error(`stopped waiting; ${later}`);
      process.exitCode = 130;
      return undefined;
    }
    if (error instanceof WaitTimeoutError)
      throw new Error(`stopped waiting after ${options.timeout} s; ${later}`, { cause: error });
    throw error;
  } finally {
    process.off("SIGINT", onInterrupt);
  }
}

/** The report; a failed run fails the command (exit 1); `--apply` applies an improved run. */
async function finish(
  client: Client,
  run: JudgeOptimizationRun,
  options: OptimizeOptions,
): Promise<void> {
  if (run.status === "failure") {
    if (options.json) printJson({ run });
    throw new Error(
      `optimization run ${run.id} ended failure: ${run.status_description || "no reason given"}`,
    );
  }
  const improved = run.assay?.improved === true;
  let applied: AppliedOptimization | undefined;
  if (options.apply && improved && run.applied_at === undefined)
    applied = await client.judgeOptimizations.apply(run.id);
  if (options.json) return printJson({ run, applied: applied ?? null });

  printOptimizationReport(run);
  if (applied) console.log(`applied: ${applied.message}`);
  else if (!improved)
    console.log(
      "not applied: no candidate was measurably better than the original goal on the held-out labels; the judge keeps it",
    );
  else if (run.applied_at !== undefined)
    console.log(`already applied at ${run.applied_at} (judge version ${run.applied_version})`);
  else
    console.error(
      `the judge is unchanged; apply the new goal with \`assay judge optimize --run ${run.id} --apply\``,
    );
}

import {
  type Client,
  type Evaluation,
  type EvaluationStatus,
  isFinished,
  WaitTimeoutError,
} from "@assay/client";
import { EVALUATION_STATUSES, MAX_REPEATS } from "@assay/protocol";
import { type Command, Option } from "commander";
import {
  type ConnectionOptions,
  findByIdOrKey,
  isUuid,
  notFoundAs,
  toList,
  toPositiveInteger,
  toPositiveSeconds,
  withApiClient,
  withConnectionOptions,
} from "../api-client.ts";
import { accuracyText, printEvaluationReport, statusText } from "../output/evaluation-report.ts";
import { percent, unixTime } from "../output/format.ts";
import { printJson } from "../output/json.ts";
import { printPlanReport } from "../output/plan-report.ts";
import { ProgressReporter } from "../output/progress.ts";
import { printTable } from "../output/table.ts";
import { toBudget, toRepeats } from "../run-options.ts";
import {
  explainRefusedRun,
  type SamplingOptions,
  samplingOf,
  withSamplingOptions,
} from "../sampling-options.ts";
import { registerGateCommand } from "./eval-gate.ts";

/** `assay eval …`: evaluations of the API key's project, over the API. */
export function registerEvalCommands(program: Command) {
  const evaluations = program.command("eval");

  const run = evaluations
    .command("run")
    .description("start evaluating a model on a benchmark; prints the evaluation's id")
    .requiredOption("--model <id-or-key>", "the model's id, or its key (e.g. openai/gpt-4o)")
    .requiredOption("--benchmark <id-or-key>", "the benchmark's id, or its key (e.g. gsm8k)")
    .option("--limit <n>", "run only the first N prompts", toPositiveInteger)
    .option("--concurrency <n>", "most model calls in flight at once", toPositiveInteger)
    .option("--no-cache", "call the model even for requests answered before")
    .option(
      "--repeats <n>",
      `ask each prompt N times, 1 to ${MAX_REPEATS} (default 1; calls are prompts × N): the accuracy is then clustered by prompt, with pass@k, flip rate and majority vote; repeats never come from the cache, and with --seed repeat i sends seed + i`,
      toRepeats,
    )
    .option(
      "--max-cost <usd>",
      "budget: stop the run, as a failure that keeps its results, once its cost reaches this many US dollars (the model needs prices)",
      toBudget,
    );
  withSamplingOptions(run)
    .option(
      "--dry-run",
      "start nothing: print the plan (calls, tokens, cost, the interval width to expect) and exit",
    )
    .option("--wait", "follow the run to its end, then print its report")
    .option(
      "--interval <seconds>",
      "with --wait: seconds between polls (default: from 0.5 s, growing to 10 s as the run goes on)",
      toPositiveSeconds,
    )
    .option("--timeout <seconds>", "with --wait: stop waiting after this long", toPositiveSeconds)
    .option(
      "--json",
      "print JSON: the new evaluation, with --wait the finished one, with --dry-run the plan",
    )
    .action(async (options: RunOptions) => {
      if (!options.wait && (options.interval ?? options.timeout) !== undefined) {
        throw new Error("--interval and --timeout go with --wait");
      }
      if (options.dryRun && options.wait) throw new Error("--dry-run starts nothing to --wait for");
      await withApiClient(options, async (client) => {
        const model = await findByIdOrKey(options.model, "model", client.models);
        const benchmark = await findByIdOrKey(options.benchmark, "benchmark", client.benchmarks);
        const runOptions = {
          limit: options.limit,
          concurrency: options.concurrency,
          cache: options.cache ? undefined : false,
          repeats: options.repeats,
          maxCostUsd: options.maxCost,
          ...samplingOf(options),
        };
        // A refused option is named as typed (`--temperature`), not as the wire's field.
        const explained = (error: unknown) => {
          const refused = explainRefusedRun(error);
          throw refused === undefined ? error : new Error(refused, { cause: error });
        };
        if (options.dryRun) {
          const plan = await client.evaluations.plan(model, benchmark, runOptions).catch(explained);
          if (options.json) return printJson(plan);
          printPlanReport(plan, benchmark.key);
          console.error("dry run: nothing was started");
          return;
        }
        const created = await client.evaluations
          .create(model, benchmark, runOptions)
          .catch(explained);
        if (!options.wait) {
          if (options.json) return printJson(created);
          console.log(created.id);
          console.error(
            `started evaluating ${model.key} on ${benchmark.key}; follow it with \`assay eval show ${created.id}\``,
          );
          return;
        }
        // With --json, stdout holds only the final document; the id goes to stderr.
        if (options.json) console.error(`evaluation ${created.id}`);
        else console.log(created.id);
        const finished = await follow(client, created, options);
        if (finished !== undefined) report(finished, options.json);
      });
    });

  evaluations
    .command("list")
    .description("list the project's evaluations, newest first")
    .option("--model <ids-or-keys>", "only evaluations of these models (comma-separated)", toList)
    .option(
      "--benchmark <ids-or-keys>",
      "only evaluations on these benchmarks (comma-separated)",
      toList,
    )
    .addOption(
      new Option("--status <status>", "only evaluations in this status").choices(
        EVALUATION_STATUSES,
      ),
    )
    .option("--page <n>", "page number (default 1)", toPositiveInteger)
    .option("--page-size <n>", "evaluations per page (default 100, at most 500)", toPositiveInteger)
    .option("--json", "print JSON: {evaluations, totalCount, pagination}")
    .action(async (options: ListOptions) => {
      await withApiClient(options, async (client) => {
        const modelIds = await resolveIds(options.model, "model", client.models);
        const benchmarkIds = await resolveIds(options.benchmark, "benchmark", client.benchmarks);
        const page = await client.evaluations.getMany({
          page: options.page,
          pageSize: options.pageSize,
          modelIds,
          benchmarkIds,
          status: options.status,
        });
        if (options.json) return printJson(page);
        if (page.evaluations.length === 0) {
          return console.log(
            page.totalCount === 0 ? "no evaluations" : "no evaluations on this page",
          );
        }
        printTable(
          ["id", "model", "benchmark", "status", "accuracy", "prompts", "submitted"],
          page.evaluations.map((e) => [
            e.id,
            e.model_key || e.model_name || e.model_id,
            e.dataset_name || e.dataset_id,
            e.status,
            e.status === "failure" ? "—" : isFinished(e) ? percent(e.accuracy) : accuracyText(e),
            `${e.assay.progress.done}/${e.assay.progress.total}`,
            unixTime(e.submitted_at),
          ]),
        );
        const { pagination } = page;
        console.log(
          `${page.evaluations.length} of ${page.totalCount} evaluations (page ${pagination.page} of ${pagination.totalPages})`,
        );
      });
    });

  evaluations
    .command("show")
    .description("show an evaluation: status, progress, accuracy with its confidence interval")
    .argument("<id>", "the evaluation's id")
    .option("--json", "print JSON")
    .action(async (id: string, options: ConnectionOptions & { json?: boolean }) => {
      await withApiClient(options, async (client) => {
        const evaluation = await onEvaluation(id, () => client.evaluations.getById(id));
        if (options.json) return printJson(evaluation);
        printEvaluationReport(evaluation);
      });
    });

  evaluations
    .command("cancel")
    .description("cancel a pending or running evaluation")
    .argument("<id>", "the evaluation's id")
    .option("--json", "print JSON: the cancelled evaluation")
    .action(async (id: string, options: ConnectionOptions & { json?: boolean }) => {
      await withApiClient(options, async (client) => {
        const cancelled = await onEvaluation(id, () => client.evaluations.cancel(id));
        if (options.json) return printJson(cancelled);
        const { done, total } = cancelled.assay.progress;
        if (cancelled.status === "cancelled") {
          console.log(`cancelled ${cancelled.id} (${done}/${total} prompts done)`);
        } else {
          console.log(`${cancelled.id} had already ended ${cancelled.status}: nothing to cancel`);
        }
      });
    });

  evaluations
    .command("publish")
    .description(
      "make an evaluation public: any API key of this service can then read it and its results, list it and compare with it",
    )
    .argument("<id>", "the evaluation's id (one of this organization's)")
    .option("--private", "make it private again: only this organization can read it")
    .option("--json", "print JSON: the evaluation")
    .action(
      async (id: string, options: ConnectionOptions & { private?: boolean; json?: boolean }) => {
        await withApiClient(options, async (client) => {
          const updated = await onEvaluation(id, () =>
            client.evaluations.setPublic(id, !options.private),
          );
          if (options.json) return printJson(updated);
          console.log(
            updated.is_public
              ? `evaluation ${updated.id} is public: any API key of this service can read it and its results`
              : `evaluation ${updated.id} is private: only this organization can read it`,
          );
        });
      },
    );

  registerGateCommand(evaluations);

  // Last, so each command's help lists its own options first.
  for (const command of evaluations.commands) withConnectionOptions(command);
}

interface RunOptions extends ConnectionOptions, SamplingOptions {
  model: string;
  benchmark: string;
  limit?: number;
  concurrency?: number;
  /** False with --no-cache. */
  cache: boolean;
  repeats?: number;
  maxCost?: number;
  dryRun?: boolean;
  wait?: boolean;
  interval?: number;
  timeout?: number;
  json?: boolean;
}

interface ListOptions extends ConnectionOptions {
  model?: string[];
  benchmark?: string[];
  status?: EvaluationStatus;
  page?: number;
  pageSize?: number;
  json?: boolean;
}

/**
 * Polls the evaluation to its end with a progress display on stderr. Ctrl-C stops waiting, not
 * the evaluation: the command says how to cancel it and exits 130 (undefined is returned).
 */
async function follow(
  client: Client,
  evaluation: Evaluation,
  options: RunOptions,
): Promise<Evaluation | undefined> {
  const progress = new ProgressReporter(process.stderr);
  const interrupt = new AbortController();
  const onInterrupt = () => interrupt.abort();
  process.once("SIGINT", onInterrupt);
  try {
    return await client.evaluations.waitForCompletion(evaluation, {
      // No --interval: the SDK's own adaptive polling (quick at first, then gentler).
      intervalMs: options.interval === undefined ? undefined : options.interval * 1000,
      timeoutMs: options.timeout === undefined ? undefined : options.timeout * 1000,
      signal: interrupt.signal,
      onProgress: (current) => progress.update(current),
    });
  } catch (error) {
    progress.finish();
    if (interrupt.signal.aborted) {
      console.error(
        `stopped waiting; evaluation ${evaluation.id} is still running. Cancel it with \`assay eval cancel ${evaluation.id}\``,
      );
      process.exitCode = 130;
      return undefined;
    }
    if (error instanceof WaitTimeoutError) {
      const { status } = (error as WaitTimeoutError<Evaluation>).last;
      throw new Error(
        `stopped waiting after ${options.timeout} s; evaluation ${evaluation.id} is still ${status} and keeps running (\`assay eval show ${evaluation.id}\`, \`assay eval cancel ${evaluation.id}\`)`,
        { cause: error },
      );
    }
    throw error;
  } finally {
    progress.finish();
    process.off("SIGINT", onInterrupt);
  }
}

/** The final report; a run that did not succeed is an error (exit 1) with the service's reason. */
function report(evaluation: Evaluation, json: boolean | undefined): void {
  if (json) printJson(evaluation);
  else printEvaluationReport(evaluation);
  if (evaluation.status !== "success") {
    console.error(`assay: evaluation ${evaluation.id} ended ${statusText(evaluation)}`);
    process.exitCode = 1;
  }
}

/** Runs `action`, turning a 404 into a message that names the id. */
export const onEvaluation = notFoundAs("evaluation", "organization");

async function resolveIds<T extends { id: string }>(
  idsOrKeys: string[] | undefined,
  noun: string,
  lookup: { getById(id: string): Promise<T>; getByKey(key: string): Promise<T | undefined> },
): Promise<string[] | undefined> {
  if (idsOrKeys === undefined) return undefined;
  const ids: string[] = [];
  for (const idOrKey of idsOrKeys) {
    ids.push(isUuid(idOrKey) ? idOrKey : (await findByIdOrKey(idOrKey, noun, lookup)).id);
  }
  return ids;
}

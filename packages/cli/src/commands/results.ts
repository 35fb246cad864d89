import { type Client, isFinished, type Result } from "@assay/client";
import { type Command, Option } from "commander";
import {
  type ConnectionOptions,
  toPositiveInteger,
  withApiClient,
  withConnectionOptions,
} from "../api-client.ts";
import { csvRecord } from "../output/csv.ts";
import { printJson } from "../output/json.ts";
import { printTable, truncate } from "../output/table.ts";
import { onEvaluation } from "./eval.ts";

/** `assay results <evaluation-id>`: an evaluation's per-prompt results, over the API. */
export function registerResultsCommand(program: Command) {
  const command = program
    .command("results")
    .argument("<evaluation-id>", "the evaluation's id")
    .option("--failed", "only prompts not passed (model-call errors included)")
    .option("--limit <n>", "at most this many results", toPositiveInteger)
    .addOption(new Option("--json", "print JSON: an array of results").conflicts("csv"))
    .addOption(new Option("--csv", "print CSV (RFC 4180) with a header row").conflicts("json"))
    .action(async (id: string, options: ResultsOptions) => {
      await withApiClient(options, async (client) => {
        const evaluation = await onEvaluation(id, () => client.evaluations.getById(id));
        if (!isFinished(evaluation)) {
          console.error(`evaluation ${id} is ${evaluation.status}: these are the results so far`);
        }
        const pages = resultPages(client, id, options);
        if (options.csv) {
          process.stdout.write(csvRecord(CSV_COLUMNS));
          for await (const { results } of pages) {
            process.stdout.write(results.map((r) => csvRecord(csvValues(r))).join(""));
          }
          return;
        }
        const rows: Result[] = [];
        let totalCount = 0;
        for await (const page of pages) {
          rows.push(...page.results);
          totalCount = page.totalCount;
        }
        if (options.json) return printJson(rows);
        if (rows.length === 0)
          return console.log(options.failed ? "no failed results" : "no results");
        printTable(
          [
            "position",
            "subset",
            "passed",
            "score",
            "prompt",
            "response",
            "truth",
            "reason / error",
          ],
          rows.map((r) => [
            r.position,
            r.subset,
            r.passed,
            formatScore(r.score),
            truncate(r.prompt, 40),
            truncate(r.result, 30),
            truncate(r.truth, 20),
            truncate(r.error ?? r.reason, 40),
          ]),
        );
        const what = options.failed ? "failed results" : "results";
        console.log(`${rows.length} of ${totalCount} ${what}`);
      });
    });
  withConnectionOptions(command);
}

interface ResultsOptions extends ConnectionOptions {
  failed?: boolean;
  limit?: number;
  json?: boolean;
  csv?: boolean;
}

const PAGE_SIZE = 100;

/** Pages of results until `--limit` results, an empty page, or the last page the total implies. */
async function* resultPages(
  client: Client,
  evaluationId: string,
  options: ResultsOptions,
): AsyncGenerator<{ results: Result[]; totalCount: number }> {
  let left = options.limit ?? Number.POSITIVE_INFINITY;
  for (let page = 1; left > 0; page++) {
    const answer = await client.results.getById(evaluationId, {
      page,
      pageSize: PAGE_SIZE,
      outcome: options.failed ? "failed" : undefined,
    });
    const results = answer.results.slice(0, left);
    left -= results.length;
    yield { results, totalCount: answer.totalCount };
    if (answer.results.length === 0 || page >= answer.pagination.totalPages) return;
  }
}

export const CSV_COLUMNS = [
  "position",
  "prompt_id",
  "subset",
  "passed",
  "score",
  "duration",
  "prompt",
  "result",
  "truth",
  "reason",
  "error",
] as const;

function csvValues(r: Result) {
  return [
    r.position,
    r.prompt_id,
    r.subset,
    r.passed,
    r.score,
    r.duration,
    r.prompt,
    r.result,
    r.truth,
    r.reason,
    r.error,
  ];
}

/** Scores are 0–1; two decimals unless whole. */
function formatScore(score: number): string {
  return Number.isInteger(score) ? String(score) : score.toFixed(2);
}

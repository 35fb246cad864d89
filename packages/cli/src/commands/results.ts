import {
  type Client,
  isFinished,
  type Result,
  type ResultOutcome,
  type ResultRepeatView,
} from "@assay/client";
import { RESULT_OUTCOMES, RESULT_REPEAT_VIEWS, withoutSharedOpening } from "@assay/protocol";
import { type Command, Option } from "commander";
import {
  type ConnectionOptions,
  toPositiveInteger,
  withApiClient,
  withConnectionOptions,
} from "../api-client.ts";
import { csvRecord } from "../output/csv.ts";
import { outputWidth, printFittedTable } from "../output/fit-table.ts";
import { formatScore } from "../output/format.ts";
import { printJson } from "../output/json.ts";
import { answersText } from "../output/repeat-answers.ts";
import { sharedOpeningLine } from "../output/shared-opening-line.ts";
import { truncate } from "../output/table.ts";
import { onEvaluation } from "./eval.ts";
import { registerResultShowCommand } from "./results-show.ts";

/** Rows the table lists unless `--limit` or `--all` says otherwise: a screenful. */
const DEFAULT_TABLE_LIMIT = 20;

/**
 * `assay results <evaluation-id>`: an evaluation's per-prompt results, over the API; the table
 * fits the terminal and lists 20 unless told, JSON and CSV list them all. `assay results show
 * <evaluation-id> <position>` prints one whole (results-show.ts).
 */
export function registerResultsCommand(program: Command) {
  const command = program
    .command("results")
    .argument("<evaluation-id>", "the evaluation's id")
    .addOption(
      new Option("--failed", "only prompts not passed (model-call errors included)").conflicts(
        "outcome",
      ),
    )
    .addOption(
      new Option(
        "--outcome <outcome>",
        "only these: failed is not passed, error a failed model call or scoring, flaky a prompt whose repeats disagree",
      ).choices(RESULT_OUTCOMES),
    )
    .addOption(
      new Option(
        "--repeats <view>",
        "a run with repeats: one row per prompt with its answers side by side (prompt, the default), or one per answer with its repeat index (each; CSV then has a repeat column)",
      ).choices(RESULT_REPEAT_VIEWS),
    )
    .addOption(
      new Option(
        "--limit <n>",
        `at most this many results (default: ${DEFAULT_TABLE_LIMIT} in the table, all with --json or --csv)`,
      )
        .argParser(toPositiveInteger)
        .conflicts("all"),
    )
    .option("--all", "list every result in the table")
    .addOption(new Option("--json", "print JSON: an array of results").conflicts("csv"))
    .addOption(new Option("--csv", "print CSV (RFC 4180) with a header row").conflicts("json"))
    // `show` is a subcommand beside the listing: options after it are its own. An evaluation id
    // (a UUID) never names a subcommand, so `results <id>` always runs the listing below.
    .enablePositionalOptions()
    .action(async (id: string, options: ResultsOptions) => {
      // The service filters prompts by how their answers disagree, but not answers one by one:
      // with `repeats=each` it would answer every answer under the name "flaky".
      if (options.outcome === "flaky" && options.repeats === "each") {
        throw new Error(
          "--outcome flaky keeps prompts, not answers: leave out --repeats each (a flaky prompt's answers are shown side by side, and in --json under `repeats`)",
        );
      }
      await withApiClient(options, async (client) => {
        const evaluation = await onEvaluation(id, () => client.evaluations.getById(id));
        if (!isFinished(evaluation)) {
          console.error(`evaluation ${id} is ${evaluation.status}: these are the results so far`);
        }
        const forPeople = !options.json && !options.csv;
        const limit = options.limit ?? (forPeople && !options.all ? DEFAULT_TABLE_LIMIT : Infinity);
        const outcome = options.outcome ?? (options.failed ? "failed" : undefined);
        const each = options.repeats === "each";
        const pages = resultPages(client, id, { outcome, repeats: options.repeats, limit });
        if (options.csv) {
          process.stdout.write(csvRecord(csvColumns(each)));
          for await (const { results } of pages) {
            process.stdout.write(results.map((r) => csvRecord(csvValues(r, each))).join(""));
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
        const what = `${outcome === undefined ? "" : `${outcome} `}${each ? "answers" : "results"}`;
        if (rows.length === 0) return console.log(`no ${what}`);
        printResultsTable(rows, each);
        const more = totalCount - rows.length;
        console.log(
          `${rows.length} of ${totalCount} ${what}${more > 0 ? `; ${more} more: use --limit N or --all` : ""}`,
        );
      });
    });
  registerResultShowCommand(command);
  withConnectionOptions(command);
}

/**
 * The table: each prompt without the opening they share (said once, above), fit to the width.
 * A run with repeats shows each prompt's answers side by side (`✓✗✓✓ 3/4`, its score the mean),
 * or with `--repeats each` which answer a row is.
 */
function printResultsTable(rows: readonly Result[], each: boolean): void {
  const { texts, opening } = withoutSharedOpening(rows.map((r) => r.prompt));
  const width = outputWidth();
  if (opening !== "") {
    console.log(truncate(sharedOpeningLine(opening), width));
  }
  // One subset (most benchmarks) says nothing row by row: its column is left out.
  const subsets = new Set(rows.map((r) => r.subset)).size > 1;
  const answers = rows.some((r) => (r.repeats?.length ?? 0) > 1);
  printFittedTable(
    [
      { head: "position" },
      ...(each ? [{ head: "repeat" }] : []),
      ...(subsets ? [{ head: "subset" }] : []),
      { head: "passed" },
      ...(answers ? [{ head: "answers" }] : []),
      { head: "score" },
      { head: "prompt", flex: 3 },
      { head: "response", flex: 2, keep: "end" },
      { head: "truth", flex: 1 },
      { head: "reason / error", flex: 2 },
    ],
    rows.map((r, i) => [
      r.position,
      ...(each ? [r.repeat ?? 0] : []),
      ...(subsets ? [r.subset] : []),
      r.passed,
      ...(answers ? [answersText(r.repeats ?? [])] : []),
      formatScore(r.score),
      texts[i],
      r.result,
      r.truth,
      r.error ?? r.reason,
    ]),
    width,
  );
}

interface ResultsOptions extends ConnectionOptions {
  failed?: boolean;
  outcome?: ResultOutcome;
  repeats?: ResultRepeatView;
  limit?: number;
  all?: boolean;
  json?: boolean;
  csv?: boolean;
}

const PAGE_SIZE = 100;

/** Pages of results until `--limit` results, an empty page, or the last page the total implies. */
async function* resultPages(
  client: Client,
  evaluationId: string,
  options: {
    outcome: ResultOutcome | undefined;
    repeats: ResultRepeatView | undefined;
    limit: number;
  },
): AsyncGenerator<{ results: Result[]; totalCount: number }> {
  let left = options.limit;
  for (let page = 1; left > 0; page++) {
    const answer = await client.results.getById(evaluationId, {
      page,
      pageSize: PAGE_SIZE,
      outcome: options.outcome,
      repeats: options.repeats,
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

/** With `--repeats each`, a `repeat` column after `position`: one record per answer. */
function csvColumns(each: boolean): readonly string[] {
  return each ? ["position", "repeat", ...CSV_COLUMNS.slice(1)] : CSV_COLUMNS;
}

function csvValues(r: Result, each: boolean) {
  return [
    r.position,
    ...(each ? [r.repeat ?? 0] : []),
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

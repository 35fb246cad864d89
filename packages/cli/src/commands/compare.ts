import {
  type Client,
  type ComparisonOutcome,
  type ComparisonPage,
  type ComparisonResult,
  NotFoundError,
} from "@assay/client";
import { COMPARISON_OUTCOMES } from "@assay/protocol";
import { type Command, Option } from "commander";
import {
  type ConnectionOptions,
  toPositiveInteger,
  withApiClient,
  withConnectionOptions,
} from "../api-client.ts";
import { printComparedPrompts, printComparisonSummary } from "../output/comparison-report.ts";
import { printJson } from "../output/json.ts";

/** Rows listed unless `--limit` says otherwise: enough to see a pattern, few enough to read. */
const DEFAULT_LIMIT = 20;
/** The comparison route's largest page. */
const MAX_PAGE_SIZE = 500;

/**
 * `assay compare <A> <B>`: two evaluations of one benchmark side by side, prompt by prompt. A is
 * the reference (evaluation 1 on the wire). Both may be the key's own or public ones.
 */
export function registerCompareCommand(program: Command) {
  const command = program
    .command("compare")
    .argument("<evaluation-a>", "the reference evaluation's id")
    .argument("<evaluation-b>", "the id of the evaluation compared with it")
    .addOption(
      new Option(
        "--outcome <outcome>",
        "list these prompts instead of the disagreeing ones (reference_fails: A wrong, B right; comparison_fails: A right, B wrong)",
      ).choices(COMPARISON_OUTCOMES),
    )
    .option("--search <text>", "only prompts whose text, truth or answers contain this")
    .addOption(
      new Option("--limit <n>", `list at most this many prompts (default ${DEFAULT_LIMIT})`)
        .argParser(toPositiveInteger)
        .conflicts("all"),
    )
    .option("--all", "list every matching prompt")
    .option(
      "--json",
      "print JSON: the two evaluations, the counters, the statistics and the prompts",
    )
    .action(async (a: string, b: string, options: CompareOptions) => {
      await withApiClient(options, async (client) => {
        const limit = options.all ? Infinity : (options.limit ?? DEFAULT_LIMIT);
        // One after the other, so when neither is readable the message always names A.
        const first = await readable(client, a, "A");
        const second = await readable(client, b, "B");
        // The disagreeing prompts are two filters on the wire: A wrong and B right, then the reverse.
        const outcomes: ComparisonOutcome[] = options.outcome
          ? [options.outcome]
          : ["reference_fails", "comparison_fails"];
        const pages: ComparisonPage[] = [];
        const rows: ComparisonResult[] = [];
        for (const outcomeFilter of outcomes) {
          // Pages of one size, so page n starts at (n − 1) × size; the first also gives the counts.
          const pageSize = Math.max(1, Math.min(limit - rows.length, MAX_PAGE_SIZE));
          for (let number = 1; ; number++) {
            const page = await client.public.comparisons.compare(a, b, {
              outcomeFilter,
              search: options.search,
              page: number,
              pageSize,
            });
            if (number === 1) pages.push(page);
            rows.push(...page.results.slice(0, Math.max(0, limit - rows.length)));
            const last = number >= page.pagination.totalPages || page.results.length === 0;
            if (last || rows.length >= limit) break;
          }
        }
        const summary = pages[0] as ComparisonPage;
        const matching = pages.reduce((sum, page) => sum + page.totalCount, 0);
        if (options.json) {
          return printJson({
            evaluation_a: first,
            evaluation_b: second,
            correct_count_1: summary.correctCount1,
            total_results_1: summary.totalResults1,
            correct_count_2: summary.correctCount2,
            total_results_2: summary.totalResults2,
            stats: summary.stats,
            matching_count: matching,
            results: rows,
          });
        }
        printComparisonSummary(first, second, summary);
        const what = options.outcome ? `${options.outcome} prompts` : "disagreeing prompts";
        console.log("");
        if (rows.length === 0) return console.log(`no ${what}`);
        printComparedPrompts(rows);
        const more = matching - rows.length;
        console.log(
          `${rows.length} of ${matching} ${what}${more > 0 ? `; ${more} more: use --limit N or --all` : ""}`,
        );
      });
    });
  withConnectionOptions(command);
}

interface CompareOptions extends ConnectionOptions {
  outcome?: ComparisonOutcome;
  search?: string;
  limit?: number;
  all?: boolean;
  json?: boolean;
}

/** The evaluation as the public listing serves it (own or public); a miss names A or B. */
async function readable(client: Client, id: string, which: "A" | "B") {
  try {
    return await client.public.evaluations.getById(id);
  } catch (error) {
    if (error instanceof NotFoundError) {
      throw new Error(`evaluation ${which} (${id}) not found, or not public and not yours`, {
        cause: error,
      });
    }
    throw error;
  }
}

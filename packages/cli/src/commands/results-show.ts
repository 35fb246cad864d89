import type { Client, Result } from "@assay/client";
import { type Command, InvalidArgumentError } from "commander";
import { type ConnectionOptions, withApiClient, withConnectionOptions } from "../api-client.ts";
import { outputWidth } from "../output/fit-table.ts";
import { formatScore } from "../output/format.ts";
import { printJson } from "../output/json.ts";
import { reasoningSection } from "../output/reasoning.ts";
import { answerMark, answersText } from "../output/repeat-answers.ts";
import { tokensText } from "../output/sampling.ts";
import { printFields, truncate } from "../output/table.ts";
import { onEvaluation } from "./eval.ts";

/**
 * `assay results show <evaluation-id> <position>`: one result whole, as the table cannot show it:
 * the full prompt, truth and response, and what the scorer made of them.
 */
export function registerResultShowCommand(results: Command) {
  const command = results
    .command("show")
    .description(
      "print one result in full: prompt, truth, the model's reasoning (when it gave one), response, score and reason, tokens, duration",
    )
    .argument("<evaluation-id>", "the evaluation's id")
    .argument(
      "<prompt>",
      "the prompt's position (as `assay results` lists it) or its prompt id",
      toPromptRef,
    )
    .option(
      "--full-reasoning",
      "print the model's reasoning whole (by default a long one is cut to about a screenful: 30 lines, 2,000 characters)",
    )
    .option("--json", "print JSON: the result")
    .action(
      async (
        id: string,
        prompt: PromptRef,
        options: ConnectionOptions & { json?: boolean; fullReasoning?: boolean },
      ) => {
        await withApiClient(options, async (client) => {
          await onEvaluation(id, () => client.evaluations.getById(id));
          const result = await findResult(client, id, prompt);
          if (result === undefined) {
            const which =
              typeof prompt === "number" ? `at position ${prompt}` : `for prompt ${prompt}`;
            throw new Error(`evaluation ${id} has no result ${which} (yet)`);
          }
          if (options.json) return printJson(result);
          printResult(id, result, options.fullReasoning);
        });
      },
    );
  withConnectionOptions(command);
}

/** A position (0-based, as listed: digits only) or a prompt id (`gsm8k-4`, a UUID …). */
type PromptRef = number | string;

function toPromptRef(value: string): PromptRef {
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  if (text !== "") return text;
  throw new InvalidArgumentError(
    "must be a position (0, 1, 2 …, as `assay results` lists them) or a prompt id",
  );
}

/** Pages of the largest size: a prompt id is looked for in every page. */
const PAGE_SIZE = 500;

/**
 * Finds one result. Results come in benchmark order and a running evaluation may lack some, so
 * the result at position p is at index p or before it: the page that would hold index p is read
 * first, then earlier ones, until one starts at or before p. A finished run needs one request.
 */
async function findResult(
  client: Client,
  id: string,
  prompt: PromptRef,
): Promise<Result | undefined> {
  const read = (page: number) => client.results.getById(id, { page, pageSize: PAGE_SIZE });
  if (typeof prompt === "string") {
    for (let page = 1; ; page++) {
      const answer = await read(page);
      const found = answer.results.find((r) => r.prompt_id === prompt);
      if (found || answer.results.length === 0 || page >= answer.pagination.totalPages)
        return found;
    }
  }
  for (let page = Math.floor(prompt / PAGE_SIZE) + 1; page >= 1; page--) {
    const { results } = await read(page);
    const first = results[0];
    if (first !== undefined && first.position <= prompt) {
      return results.find((r) => r.position === prompt);
    }
  }
  return undefined;
}

function printResult(evaluationId: string, r: Result, fullReasoning?: boolean): void {
  const fields: [string, unknown][] = [
    ["evaluation", evaluationId],
    ["position", `${r.position} (prompt ${r.prompt_id}${r.subset ? `, subset ${r.subset}` : ""})`],
    ["passed", r.passed],
    ["score", formatScore(r.score)],
  ];
  const answers = r.repeats ?? [];
  if (answers.length > 1) {
    fields.push(["answers", `${answersText(answers)} (the score is their mean)`]);
  }
  fields.push(["reason", r.reason]);
  if (r.error !== null) fields.push(["error", r.error]);
  fields.push(
    ["tokens", tokensText(r.tokens)],
    // Seconds on the wire (the protocol's timedelta).
    ["duration", `${seconds(r.duration)}${r.cached ? " (answer from the cache)" : ""}`],
  );
  printFields(fields);
  // The long texts whole, as written: no table around them, so they copy as they are.
  for (const [label, text] of [
    ["prompt", r.prompt],
    ["truth", r.truth],
  ] as const) {
    console.log(`\n── ${label} ──\n${text}`);
  }
  // Before the response, under its own heading: what the model thought, never what was scored.
  if (r.reasoning !== null) {
    console.log(`\n${reasoningSection(r.reasoning, r.tokens.reasoning, { full: fullReasoning })}`);
  }
  if (answers.length <= 1) {
    console.log(`\n── response ──\n${r.result}`);
    return;
  }
  // The first answer whole, as above; every answer after it on a line (all whole in --json).
  console.log(`\n── response (repeat 0) ──\n${r.result}`);
  const width = outputWidth();
  console.log(`\n── ${answers.length} answers ──`);
  for (const a of answers) {
    const line = `${a.repeat} ${answerMark(a)} ${formatScore(a.score)} · ${a.error ?? a.reason} · ${a.result}`;
    console.log(truncate(line, width));
  }
}

/** `1.25 s`, or milliseconds below a second: `29 ms`. */
function seconds(value: number): string {
  return value >= 1 ? `${value.toFixed(2)} s` : `${Math.round(value * 1000)} ms`;
}

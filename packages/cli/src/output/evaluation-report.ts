import { type Evaluation, isFinished, type ScorerStats } from "@assay/client";
import { percent, unixTime } from "./format.ts";
import { hasRepeats, printRepeatTables, repeatFields } from "./repeat-report.ts";
import { requestText, samplingText, tokensText } from "./sampling.ts";
import { printFields, printTable } from "./table.ts";

/** The benchmark's figures besides accuracy (IFEval's, SimpleQA's), as proportions. */
function figureFields(evaluation: Evaluation): [string, unknown][] {
  return (evaluation.assay.figures ?? []).map((figure) => [
    figure.name.replaceAll("_", " "),
    figure.value === null ? "undefined on these answers" : percent(figure.value),
  ]);
}

/**
 * An evaluation as `assay eval show` and `assay eval run --wait` print it: its fields, then one
 * row per subset when the benchmark has several, then for a run with repeats its pass@k table
 * and the histogram of per-prompt pass counts.
 */
export function printEvaluationReport(evaluation: Evaluation): void {
  printFields(evaluationFields(evaluation));
  // A failed run's tables would be zeros over errors: its status says why, and that is all.
  if (evaluation.status === "failure") return;
  const { subsets, repeats } = evaluation.assay;
  if (subsets.length > 1) printSubsets(evaluation);
  if (hasRepeats(evaluation) && repeats) printRepeatTables(repeats);
}

function printSubsets(evaluation: Evaluation): void {
  const { subsets } = evaluation.assay;
  if (!hasRepeats(evaluation)) {
    printTable(
      ["subset", "n", "correct", "accuracy", "95% CI"],
      subsets.map((s) => [s.name, s.total, s.correct, percent(s.accuracy), interval(s.ci95)]),
    );
    return;
  }
  // With repeats `total` counts answers; the interval is clustered by prompt, as the run's.
  printTable(
    ["subset", "prompts", "answers", "correct", "accuracy", "95% CI (clustered)", "flip rate"],
    subsets.map((s) => [
      s.name,
      s.prompts,
      s.total,
      s.correct,
      percent(s.accuracy),
      interval(s.ci95),
      s.flip_rate === null || s.flip_rate === undefined ? "" : percent(s.flip_rate),
    ]),
  );
}

export function evaluationFields(evaluation: Evaluation): [string, unknown][] {
  const { progress, tokens, cost_usd, metrics, options } = evaluation.assay;
  const fields: [string, unknown][] = [
    ["id", evaluation.id],
    ["model", named(evaluation.model_name, evaluation.model_key, evaluation.model_id)],
    ["benchmark", named(evaluation.dataset_name, "", evaluation.dataset_id)],
    ["status", statusText(evaluation)],
    ["accuracy", accuracyText(evaluation)],
    ...figureFields(evaluation),
    ...(hasRepeats(evaluation) ? repeatFields(evaluation) : []),
    [
      "prompts",
      `${progress.done}/${progress.total} done${progress.cached > 0 ? `, ${progress.cached} from cache` : ""}`,
    ],
    ["failed prompts", evaluation.failed_prompt_count],
    ["tokens", tokensText(tokens)],
    ["cost", cost_usd === null ? "unknown (no prices for this model)" : `$${cost_usd.toFixed(4)}`],
    ["average duration", `${evaluation.average_duration} ms per prompt`],
  ];
  for (const [name, value] of Object.entries(metrics)) {
    if (value !== null) fields.push([name, value.toFixed(3)]);
  }
  for (const scorer of evaluation.assay.scorers ?? []) {
    fields.push([`scorer ${scorer.name}`, scorerText(scorer)]);
  }
  fields.push(
    [
      "options",
      `concurrency ${options.concurrency}, limit ${options.limit ?? "none"}, cache ${options.cache ? "on" : "off"}${budgetText(options.max_cost_usd)}`,
    ],
    ["sampling", samplingText(options)],
    ["request", requestText(options.request)],
    ["submitted", unixTime(evaluation.submitted_at)],
    ["finished", unixTime(evaluation.finished_at)],
  );
  return fields;
}

/**
 * Finished: `75.0% (15/20), 95% CI 53.1%–88.8%, standard error 9.7%`: the counts it was measured
 * on, then how far it might be from the model's true accuracy (the Wilson interval). With
 * repeats the counts are answers and the interval is clustered by prompt, which the line says:
 * a reader comparing it with a run of one answer per prompt must know it is not Wilson's.
 * (Short enough for one line of `show`'s 80-character values.)
 * Running: the share correct so far, which is not yet the run's accuracy. Failed: none.
 */
export function accuracyText(evaluation: Evaluation): string {
  const { progress, accuracy_stderr, accuracy_ci95, accuracy_interval } = evaluation.assay;
  if (!isFinished(evaluation)) {
    return progress.done > 0
      ? `${percent(progress.correct / progress.done)} (${progress.correct}/${progress.done}) so far`
      : "";
  }
  if (progress.total === 0) return "";
  // A failed run's 0% is over answers that are all errors (or none): it measures nothing.
  if (evaluation.status === "failure") return "none: the evaluation failed (see status)";
  const clustered = accuracy_interval === "clustered" ? " clustered by prompt" : "";
  return (
    `${percent(evaluation.accuracy)} (${progress.correct}/${progress.done}), ` +
    `95% CI ${interval(accuracy_ci95)}${clustered}, standard error ${percent(accuracy_stderr)}`
  );
}

export function statusText(evaluation: Evaluation): string {
  const description = evaluation.status_description.trim();
  return description === "" ? evaluation.status : `${evaluation.status}: ${description}`;
}

/** `, budget $0.50` for a run with one (older runs and servers send none). */
function budgetText(budget: number | null | undefined): string {
  return budget === null || budget === undefined ? "" : `, budget $${budget.toFixed(2)}`;
}

function interval(ci: { low: number; high: number }): string {
  return `${percent(ci.low)}–${percent(ci.high)}`;
}

function named(name: string, key: string, id: string): string {
  if (name === "") return id;
  return key === "" ? name : `${name} (${key})`;
}

/**
 * A custom scorer's line: `71.4% over 7 responses, 95% CI 35.9%–91.8% (Wilson), 1 failed`; the
 * interval is Wilson's for a pass/fail scorer and Student's t for graded scores.
 */
export function scorerText(scorer: ScorerStats): string {
  const failed = scorer.failed > 0 ? `, ${scorer.failed} failed` : "";
  if (scorer.mean === null || scorer.ci95 === null) return `no response graded${failed}`;
  const method = scorer.interval === "wilson" ? "Wilson" : "Student's t";
  return (
    `${percent(scorer.mean)} over ${scorer.n} responses, ` +
    `95% CI ${interval(scorer.ci95)} (${method})${failed}`
  );
}

import { ADDITIONAL_METRICS, type ScorerName } from "@assay/protocol";
import type { Catalog } from "../../catalog/catalog.ts";
import type { ChatMessage } from "../../engine/gateway/endpoint.ts";
import type { Database } from "../../platform/db/database.ts";

/** How a benchmark's prompts are sent and scored. */
export interface ScoringPlan {
  scorer: ScorerName;
  regexPattern: string | null;
  systemPrompt: string | null;
  /** The judge of `llm_judge` scoring and judged metrics; null means the configured default. */
  judgeModelId: string | null;
  instructions: string | null;
  /** Additional metrics to compute per result (readability, toxicity, hallucination). */
  metrics: string[];
}

export async function scoringPlan(
  deps: { db: Database; catalog: Catalog },
  benchmarkId: string,
): Promise<ScoringPlan> {
  const builtin = deps.catalog.findBenchmark(benchmarkId);
  if (builtin) {
    return {
      scorer: builtin.scoring.scorer,
      regexPattern: builtin.scoring.regex_pattern ?? null,
      systemPrompt: null,
      judgeModelId: null,
      instructions: null,
      metrics: [],
    };
  }
  const row = await deps.db
    .selectFrom("benchmarks")
    .selectAll()
    .where("id", "=", benchmarkId)
    .executeTakeFirstOrThrow();
  return {
    scorer: (row.scoring_metric ?? "exact_match") as ScorerName,
    regexPattern: row.regex_pattern,
    systemPrompt: row.system_prompt,
    judgeModelId: row.llm_judge_model_id,
    instructions: row.custom_instructions,
    metrics: JSON.parse(row.metrics) as string[],
  };
}

const COMPUTED_METRICS = new Set<string>(ADDITIONAL_METRICS);

/** The plan's metrics that a run computes per result and averages when it finishes. */
export const computedMetricNames = (plan: ScoringPlan): string[] =>
  plan.metrics.filter((m) => COMPUTED_METRICS.has(m));

const ROLES = new Set(["system", "user", "assistant"]);

/**
 * The chat messages for a stored prompt input: text becomes one user message, a list of chat
 * messages is sent as given, any other JSON payload is sent as its JSON text. The benchmark's
 * system prompt goes first unless the messages bring their own.
 */
export function toMessages(inputJson: string, systemPrompt: string | null): ChatMessage[] {
  const input = JSON.parse(inputJson) as unknown;
  let messages: ChatMessage[];
  if (typeof input === "string") messages = [{ role: "user", content: input }];
  else if (Array.isArray(input) && input.every(isMessageLike)) {
    messages = input.map((m) => ({
      role: ROLES.has(String(m.role)) ? (m.role as ChatMessage["role"]) : "user",
      content: typeof m.content === "string" ? m.content : JSON.stringify(m.content),
    }));
  } else messages = [{ role: "user", content: JSON.stringify(input) }];
  if (systemPrompt && !messages.some((m) => m.role === "system"))
    messages.unshift({ role: "system", content: systemPrompt });
  return messages;
}

function isMessageLike(value: unknown): value is { role: unknown; content: unknown } {
  return typeof value === "object" && value !== null && "role" in value && "content" in value;
}

import type { EvaluationRepository } from "./repository.ts";

/** How the error of a prompt that was never answered begins (then comes the reason). */
export const UNANSWERED = "not answered: ";

/**
 * What a run says of its prompts that were never answered ("10 prompts were not answered: …",
 * one part per reason), counted from its results; "" when there are none.
 */
export async function describeUnanswered(repo: EvaluationRepository, id: string): Promise<string> {
  const counts = await repo.errorCounts(id, UNANSWERED);
  return counts
    .map(({ error, count }) => {
      const n = Number(count);
      const reason = (error ?? "").slice(UNANSWERED.length);
      return `${n} ${n === 1 ? "prompt was" : "prompts were"} not answered: ${reason}`;
    })
    .join("; ");
}

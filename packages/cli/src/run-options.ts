import { CreateEvaluationItemSchema, MAX_REPEATS } from "@assay/protocol";
import { InvalidArgumentError } from "commander";

/**
 * `assay eval run`'s `--repeats` and `--max-cost`, checked with the protocol's own schema so a
 * typo fails at once with the option named.
 */

const { repeats, max_cost_usd } = CreateEvaluationItemSchema.shape;

export function toRepeats(value: string): number {
  const text = value.trim();
  const n = Number(text);
  if (!/^\d+$/.test(text) || !repeats.safeParse(n).success)
    throw new InvalidArgumentError(`must be a whole number from 1 to ${MAX_REPEATS}`);
  return n;
}

/** US dollars, as typed: `0.50` or `$0.50`. */
export function toBudget(value: string): number {
  const text = value.trim().replace(/^\$/, "");
  const usd = Number(text);
  if (text === "" || !max_cost_usd.safeParse(usd).success)
    throw new InvalidArgumentError("must be an amount of US dollars above 0 (e.g. 0.50)");
  return usd;
}

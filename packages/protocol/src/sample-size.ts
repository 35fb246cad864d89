import { Z_95 } from "./statistics.ts";

/**
 * About how many prompts a paired comparison needs for its 95% interval on the accuracy
 * difference to be ±`halfWidth` wide, given the share of prompts on which the two disagree
 * (`discordance`). Only discordant prompts carry information about the difference: with rate d
 * the difference's variance is ≈ d/n (its part −(b−c)²/n² is negligible near no difference), so
 * halfWidth ≈ z·√(d/n) and n ≈ d·(z/halfWidth)². Undefined without any disagreement to go on.
 */
export function promptsForHalfWidth(discordance: number, halfWidth: number): number | undefined {
  if (!(halfWidth > 0)) throw new RangeError(`halfWidth must be positive (got ${halfWidth})`);
  if (!(discordance > 0 && discordance <= 1)) return undefined;
  return Math.ceil(discordance * (Z_95 / halfWidth) ** 2);
}

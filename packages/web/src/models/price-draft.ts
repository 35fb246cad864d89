import { perMillionPrice, perTokenPrice } from "@assay/protocol";

/**
 * A custom model's prices as the form shows them, USD per million tokens (how providers list
 * them), and as the API keeps them, USD per token as decimal text: the decimal point is moved,
 * never through a float, so "2.5" is sent as exactly "0.0000025".
 */

/** The typed price as the API takes it: null when empty, undefined when not a plain number. */
export function typedPrice(perMillion: string): string | null | undefined {
  const text = perMillion.trim().replace(/^\$/, "");
  if (text === "") return null;
  return perTokenPrice(text) ?? undefined;
}

/** A stored price as the form shows it: "" for none. */
export function shownPrice(perToken: string | null): string {
  return perToken === null ? "" : (perMillionPrice(perToken) ?? perToken);
}

export const PRICE_FORMAT = "a plain number of US dollars per million tokens, like 2.5";

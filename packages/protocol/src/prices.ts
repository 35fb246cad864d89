import { z } from "zod";

/**
 * Token prices: USD per token as decimal text ("0.0000025"), as the catalog writes them, so a
 * price stays exactly what was given (a JSON number fails the original SDK, and binary floats
 * would round it). People think in USD per million tokens; the helpers below move between the
 * two by shifting the decimal point, never through a float.
 */

const DECIMAL = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/** A non-negative decimal without exponent: USD per token. */
export const TokenPriceSchema = z
  .string()
  .max(40)
  .regex(DECIMAL, 'must be a decimal string in USD per token, like "0.0000025"');

/** `value` (decimal text) times 10^`places` (negative: divided), exactly; null if not decimal. */
function shiftDecimal(value: string, places: number): string | null {
  const text = value.trim();
  if (!DECIMAL.test(text)) return null;
  const [whole = "0", fraction = ""] = text.split(".");
  const digits = whole + fraction;
  const point = whole.length + places;
  const padded =
    point <= 0
      ? "0".repeat(1 - point) + digits
      : digits.length < point
        ? digits + "0".repeat(point - digits.length)
        : digits;
  const at = Math.max(point, 1);
  const integer = padded.slice(0, at).replace(/^0+(?=\d)/, "");
  const decimals = padded.slice(at).replace(/0+$/, "");
  return decimals === "" ? integer : `${integer}.${decimals}`;
}

/** "2.5" USD per million tokens → "0.0000025" USD per token; null when not a plain decimal. */
export function perTokenPrice(perMillion: string): string | null {
  return shiftDecimal(perMillion, -6);
}

/** "0.0000025" USD per token → "2.5" USD per million tokens; null when not a plain decimal. */
export function perMillionPrice(perToken: string): string | null {
  return shiftDecimal(perToken, 6);
}

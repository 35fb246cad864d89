import { z } from "zod";

/**
 * The wire protocol mixes three envelopes (protocol §1.7); which one an endpoint uses is part of
 * its contract, so each route's response schema spells it out with one of these.
 */

/** `{"status": "success", "data": …}`: unwrapped by the original SDK only when both keys exist. */
export function statusData<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal("success"), data });
}

/** Wraps a payload in the status+data envelope. */
export function success<T>(data: T): { status: "success"; data: T } {
  return { status: "success", data };
}

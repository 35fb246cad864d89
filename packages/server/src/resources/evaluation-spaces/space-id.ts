import { randomBytes } from "node:crypto";

/**
 * A new space's id: 24 hex digits, the shape of the original service's ids (a MongoDB ObjectId:
 * 4 bytes of creation time in seconds, then 8 random bytes). Its CLI's spaces sample finds the
 * id a create printed with `grep -oP '[a-f0-9]{24}'`, which a UUID never matches; the other
 * resources keep UUIDs, which no original sample reads that way.
 */
export function newSpaceId(now: Date): string {
  const seconds = Math.floor(now.getTime() / 1000);
  return seconds.toString(16).padStart(8, "0") + randomBytes(8).toString("hex");
}

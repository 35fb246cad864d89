import { createHash } from "node:crypto";

/**
 * `items` in an order fixed by `seed` alone: each item's place is the SHA-256 of the seed and its
 * id. The same run (seeded by its id) splits and samples the same way on every retry and on any
 * worker, whatever order the database returned the items in; another seed gives another order.
 */
export function seededOrder<T>(items: readonly T[], seed: string, idOf: (item: T) => string): T[] {
  return items
    .map((item) => ({
      item,
      key: createHash("sha256")
        .update(`${seed}\0${idOf(item)}`)
        .digest("hex"),
    }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((entry) => entry.item);
}

/** An entry to rank: its id and its 95% interval. */
export interface Ranked {
  id: string;
  low: number;
  high: number;
}

/** A rank and whether another entry shares it. */
export interface Rank {
  rank: number;
  tied: boolean;
}

/**
 * Ranks that do not pretend to more than the data says: an entry's rank is 1 + the number of
 * entries whose interval lies entirely above its own (their low end above its high end). Entries
 * whose intervals overlap therefore share a rank — they are tied — and a rank is only ever
 * lowered by an entry that is clearly better.
 */
export function rankWithTies(entries: readonly Ranked[]): Map<string, Rank> {
  const ranks = new Map<string, number>();
  for (const entry of entries) {
    const clearlyAbove = entries.filter((other) => other.low > entry.high).length;
    ranks.set(entry.id, 1 + clearlyAbove);
  }
  const sharing = new Map<number, number>();
  for (const rank of ranks.values()) sharing.set(rank, (sharing.get(rank) ?? 0) + 1);
  return new Map(
    [...ranks].map(([id, rank]) => [id, { rank, tied: (sharing.get(rank) ?? 0) > 1 }]),
  );
}

/** "=1" for a shared rank, "1" for a rank of its own. */
export function rankLabel(rank: Rank): string {
  return `${rank.tied ? "=" : ""}${rank.rank}`;
}

/** The leaderboard view as kept in the URL: which benchmark the frontier chart shows. */
export interface LeaderboardSearch {
  /** A benchmark id, or absent for the overall figures. */
  frontier?: string;
}

/** Unknown values are dropped, not errors: an old link still opens the view. */
export function parseLeaderboardSearch(search: Record<string, unknown>): LeaderboardSearch {
  return typeof search.frontier === "string" && search.frontier !== ""
    ? { frontier: search.frontier }
    : {};
}

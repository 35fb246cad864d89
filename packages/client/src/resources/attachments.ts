/**
 * The project PATCH (protocol §4.4, §5.4) replaces the whole set of attached ids, so adding and
 * removing are computed client-side from the current set. Two clients editing at once can lose
 * each other's change: the last PATCH wins.
 */

/** Current ids, then the new ones, each once, in first-seen order. */
export function withAdded(current: readonly string[], added: readonly string[]): string[] {
  return [...new Set([...current, ...added])];
}

/** Current ids except the removed ones, order kept. */
export function withRemoved(current: readonly string[], removed: readonly string[]): string[] {
  const gone = new Set(removed);
  return [...new Set(current)].filter((id) => !gone.has(id));
}

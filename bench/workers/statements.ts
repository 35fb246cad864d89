// What the worker-scaling bench's pg probe counted, grouped by what the statement is for, so a
// table can say how many database round trips a chunk and a sample cost, and where they go.
import type { PgTally } from "./pg-probe.ts";

/** Kinds of statement, first match wins; the patterns read the SQL text the probe kept. */
const KINDS: [kind: string, pattern: RegExp][] = [
  ["transaction control", /^(begin|commit|rollback|savepoint|release)\b/i],
  ["write results", /^insert into "evaluation_results"/i],
  ["progress / finalize", /^(update|insert into) "evaluations"|"evaluation_(progress|counts)"/i],
  ["run status watch", /^select .* from "evaluations"/i],
  ["concurrency grants", /"endpoint_(limits|grants)"/i],
  ["queue: fetch", /^with next as|for update skip locked/i],
  ["queue: complete / fail", /pgboss.*(completed|failed)|state = 'completed'|'failed'/i],
  ["queue: heartbeat / other", /pgboss/i],
  ["read prompts / plan", /^select/i],
];

export function kindOf(statement: string): string {
  for (const [kind, pattern] of KINDS) if (pattern.test(statement)) return kind;
  return "other";
}

/** Calls per kind over several processes' tallies. */
export function callsByKind(tallies: PgTally[]): Map<string, number> {
  const calls = new Map<string, number>();
  for (const tally of tallies)
    for (const [statement, { calls: n }] of Object.entries(tally))
      calls.set(kindOf(statement), (calls.get(kindOf(statement)) ?? 0) + n);
  return calls;
}

/** The most called statements over these tallies, with their calls and mean answer time. */
export function topStatements(tallies: PgTally[], limit: number) {
  const merged = new Map<string, { calls: number; ms: number }>();
  for (const tally of tallies)
    for (const [statement, e] of Object.entries(tally)) {
      const m = merged.get(statement) ?? { calls: 0, ms: 0 };
      m.calls += e.calls;
      m.ms += e.ms;
      merged.set(statement, m);
    }
  return [...merged]
    .sort((a, b) => b[1].calls - a[1].calls)
    .slice(0, limit)
    .map(([statement, e]) => ({ statement, calls: e.calls, meanMs: e.ms / e.calls }));
}

import { setFlagsFromString } from "node:v8";

/**
 * Bounds the time any regular expression of this process can take: once a search has backtracked
 * 50,000 times (V8's `--regexp-backtracks-before-fallback`), V8 runs it again on its linear-time
 * engine.
 *
 * Benchmark authors' answer patterns run on the event loop with every other sample (see
 * engine/scorers/answer-pattern.ts), and JavaScript's engine backtracks: `(a|aa)*b` over a response
 * of 60 "a"s takes longer than any run's deadline, and the whole process waits with it. A pattern
 * the linear engine cannot run (backreferences, lookaround) still backtracks; scanning only a
 * response's tail bounds that case.
 *
 * Process-wide, hence called by the composition root (main.ts). V8 reads the flag when a search
 * runs out of backtracks (a pattern compiled before the call is covered too), so setting it at run
 * time is enough: `assay serve` and `assay worker` get it however node was started.
 */
export function boundRegExpBacktracking(): void {
  setFlagsFromString("--enable-experimental-regexp-engine-on-excessive-backtracks");
}

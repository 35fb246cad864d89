import { setFlagsFromString } from "node:v8";

/**
 * Bounds the time any regular expression of this process can take: once a search has backtracked
 * 50,000 times (V8's `--regexp-backtracks-before-fallback`), V8 runs it again on its linear-time
 * engine.
 *
 * Benchmark authors' answer patterns run on the event loop with every other sample (see
 * engine/scorers/answer-pattern.ts), and JavaScript's engine backtracks: `(a|aa)*b` over a response
 * of 60 "a"s takes longer than any run's deadline, and the whole process waits with it. The
 * fallback covers only patterns the linear engine can run: the others (backreferences, lookahead)
 * are refused when a benchmark is created and never run (linearTimeProblem below).
 *
 * Process-wide, hence called by the composition root (main.ts). V8 reads the flag when a search
 * runs out of backtracks (a pattern compiled before the call is covered too), so setting it at run
 * time is enough: `assay serve` and `assay worker` get it however node was started.
 */
export function boundRegExpBacktracking(): void {
  setFlagsFromString("--enable-experimental-regexp-engine-on-excessive-backtracks");
}

/** V8's flag for its linear-time engine (a variable: a literal `/…/l` would not parse elsewhere). */
const LINEAR = "l";

/** What a refused pattern is told; the first words name the rule. */
export const NOT_LINEAR_TIME =
  "cannot run in linear time: patterns with a backreference (\\1, \\k<name>), a lookahead " +
  "((?=…), (?!…)) or a counted repetition too large to unroll (a{1000}, (a{10}){10}) are refused, " +
  "because answer patterns run on the service's own thread, where only a pattern V8's " +
  "linear-time engine can run has a bounded cost; rewrite it without them";

/**
 * Why V8's linear-time engine cannot run `pattern` (NOT_LINEAR_TIME), or undefined when it can.
 * The engine itself decides, by compiling the pattern with its `l` flag: its limits (which
 * constructs, how large a counted repetition) are V8's, and change with it. An invalid pattern
 * is undefined here: its syntax error is another check's message.
 */
export function linearTimeProblem(pattern: string): string | undefined {
  // Makes the `l` flag available; idempotent, and cheap next to compiling a pattern.
  setFlagsFromString("--enable-experimental-regexp-engine");
  try {
    new RegExp(pattern, LINEAR);
    return undefined;
  } catch {
    try {
      new RegExp(pattern);
    } catch {
      return undefined;
    }
    // A node without the engine would refuse every pattern: say so rather than refuse them all.
    try {
      new RegExp("", LINEAR);
    } catch {
      throw new Error("this node has no linear-time regular expression engine (the `l` flag)");
    }
    return NOT_LINEAR_TIME;
  }
}

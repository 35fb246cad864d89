import { describe, expect, it } from "vitest";
import { REPAIR_RESERVE_TOKENS, TOKENIZER_MARGIN, traceTokenBudget } from "./context-budget.ts";
import { estimateTraceJudging } from "./estimate.ts";
import { fitTracePrompt } from "./fit-trace.ts";
import { countMessageTokens, countTokens } from "./tokens.ts";
import { TraceJudgingError } from "./trace-judging-error.ts";

const goal = "The assistant must answer the user's question correctly and politely.";
const nonce = "0123456789abcdef";

/** Numbered lines, so a test can tell which part of the trace survived a cut. */
const lines = (n: number) =>
  Array.from({ length: n }, (_, i) => `line ${i}: the agent called a tool`).join("\n");

describe("fitTracePrompt", () => {
  it("sends a trace that fits whole, and says nothing about a cut", () => {
    const trace = lines(20);
    const fitted = fitTracePrompt({
      goal,
      renderedTrace: trace,
      nonce,
      limits: { contextTokens: 8192, maxOutputTokens: 512 },
    });
    expect(fitted.truncated).toBe(false);
    expect(fitted.messages[1]!.content).toContain(trace);
    expect(fitted.messages[1]!.content).not.toContain("omitted");
    expect(fitted.promptTokens).toBe(countMessageTokens(fitted.messages));
  });

  it("cuts the middle of a trace longer than the context, keeping head and tail", () => {
    const trace = lines(5_000);
    const limits = { contextTokens: 8192, maxOutputTokens: 1024 };
    const fitted = fitTracePrompt({ goal, renderedTrace: trace, nonce, limits });
    const user = fitted.messages[1]!.content;
    expect(fitted.truncated).toBe(true);
    expect(fitted.omittedChars).toBeGreaterThan(0);
    expect(user).toContain("line 0: the agent");
    expect(user).toContain("line 4999: the agent");
    expect(user).not.toContain("line 2500: the agent");
    expect(user).toMatch(/\[… \d+ characters of the trace omitted here/);
    expect(fitted.messages[1]!.content).toContain("its middle was cut");
    // The whole request, with the answer and a repair turn, stays inside the context.
    expect(
      fitted.promptTokens + limits.maxOutputTokens + REPAIR_RESERVE_TOKENS,
    ).toBeLessThanOrEqual(8192 * (1 - TOKENIZER_MARGIN) + 8);
  });

  it("assumes 8192 tokens when the context is unknown", () => {
    const known = fitTracePrompt({
      goal,
      renderedTrace: lines(5_000),
      nonce,
      limits: { contextTokens: 8192, maxOutputTokens: 1024 },
    });
    const unknown = fitTracePrompt({
      goal,
      renderedTrace: lines(5_000),
      nonce,
      limits: { contextTokens: null, maxOutputTokens: 1024 },
    });
    expect(unknown.promptTokens).toBe(known.promptTokens);
  });

  it("cuts a 20 MB trace quickly, without tokenizing it whole", () => {
    const huge = "x".repeat(10_000_000) + lines(10) + "y".repeat(10_000_000);
    const started = performance.now();
    const fitted = fitTracePrompt({
      goal,
      renderedTrace: huge,
      nonce,
      limits: { contextTokens: 128_000, maxOutputTokens: 1024 },
    });
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(fitted.truncated).toBe(true);
    expect(countTokens(fitted.messages[1]!.content)).toBeLessThan(128_000);
  });

  it("refuses a judge model whose context cannot hold a trace", () => {
    expect(() =>
      fitTracePrompt({
        goal,
        renderedTrace: "short",
        nonce,
        limits: { contextTokens: 2048, maxOutputTokens: 1024 },
      }),
    ).toThrow(TraceJudgingError);
  });

  it("never gives one trace more than MAX_TRACE_TOKENS, whatever the context", () => {
    expect(traceTokenBudget({ contextTokens: 1_000_000, maxOutputTokens: 1024 }, 300)).toBe(
      128_000,
    );
  });
});

describe("estimateTraceJudging", () => {
  it("counts the prompt as it would be sent, plus the expected verdict", () => {
    const estimate = estimateTraceJudging({
      goal,
      renderedTrace: lines(10),
      limits: { contextTokens: 8192, maxOutputTokens: 1024 },
    });
    expect(estimate.inputTokens).toBeGreaterThan(countTokens(lines(10)));
    expect(estimate.outputTokens).toBe(150);
    expect(estimate.truncated).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { createLogger } from "../deps.ts";
import { readableLine } from "./readable-log.ts";

/** A terminal or a pipe, as pino's destination: what the logger wrote, line by line. */
function output(isTTY: boolean) {
  const lines: string[] = [];
  return { isTTY, lines, write: (text: string) => void lines.push(text) };
}

const at = Date.UTC(2026, 10, 29, 14, 3, 9);

describe("the service's log lines", () => {
  it("prints readable lines on a terminal: time, level, message, then the fields", () => {
    const out = output(true);
    const logger = createLogger({ logLevel: "info", logFormat: "auto" }, out);
    logger.info(
      { evaluation: "e1", correct: 515, total: 1319 },
      "evaluation e1 finished: 515/1319",
    );
    expect(out.lines).toHaveLength(1);
    expect(out.lines[0]).toMatch(
      /^\d\d:\d\d:\d\d INFO {2}evaluation e1 finished: 515\/1319 {2}evaluation=e1 correct=515 total=1319\n$/,
    );
  });

  it("writes JSON lines to a pipe, or when LOG_FORMAT=json asks on a terminal", () => {
    for (const [isTTY, logFormat] of [
      [false, "auto"],
      [true, "json"],
    ] as const) {
      const out = output(isTTY);
      createLogger({ logLevel: "info", logFormat }, out).info({ n: 1 }, "hello");
      expect(JSON.parse(out.lines[0] as string)).toMatchObject({ level: 30, msg: "hello", n: 1 });
    }
    const out = output(false);
    createLogger({ logLevel: "info", logFormat: "pretty" }, out).info("hello");
    expect(out.lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}hello\n$/);
  });

  it("reads a request line as one, and an error with its message and stack", () => {
    const request = JSON.stringify({
      level: 30,
      time: at,
      pid: 1,
      hostname: "h",
      reqId: "r-1",
      method: "GET",
      path: "/api/v1/evaluations",
      status: 200,
      ms: 12,
      msg: "request",
    });
    expect(readableLine(request).slice(8)).toBe(
      " INFO  GET /api/v1/evaluations 200 12 ms  reqId=r-1\n",
    );
    const error = JSON.stringify({
      level: 50,
      time: at,
      err: {
        type: "Error",
        message: "disk full",
        stack: "Error: disk full\n    at write (x.ts:1)",
      },
      msg: "status check failed",
    });
    expect(readableLine(error).slice(8)).toBe(
      " ERROR status check failed  err=disk full\n    Error: disk full\n        at write (x.ts:1)\n",
    );
    // Not JSON (a library writing on its own): passed through as it is.
    expect(readableLine("plain text")).toBe("plain text\n");
  });

  it("quotes a field value with spaces and shows nested values as JSON", () => {
    const line = JSON.stringify({
      level: 40,
      time: at,
      msg: "m",
      reason: "two words",
      n: { a: 1 },
    });
    expect(readableLine(line).slice(8)).toBe(' WARN  m  reason="two words" n={"a":1}\n');
  });
});

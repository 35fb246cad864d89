import type { DestinationStream } from "pino";

/**
 * Pino's JSON lines as a person reads them on a terminal: `14:03:09 INFO  message  key=value`, a
 * request as `GET /path 200 12 ms`, an error's stack under its line. Our own few lines rather than
 * pino-pretty: no transport thread, no install scripts, and the JSON stays the format of record
 * (LOG_FORMAT=json, or any output that is not a terminal).
 */

const LEVELS: Record<number, string> = {
  10: "TRACE",
  20: "DEBUG",
  30: "INFO",
  40: "WARN",
  50: "ERROR",
  60: "FATAL",
};
const ERROR_LEVEL = 50;
/** Said by the line's head, or noise on a terminal. */
const SHOWN_ELSEWHERE = new Set(["level", "time", "msg", "pid", "hostname", "err"]);
const REQUEST_FIELDS = ["method", "path", "status", "ms"];

export function readableLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json);
  } catch {
    return `${json.trimEnd()}\n`;
  }
  const time = new Date(Number(entry.time)).toTimeString().slice(0, 8);
  const level = (LEVELS[Number(entry.level)] ?? String(entry.level)).padEnd(5);
  const request = entry.msg === "request" && entry.method !== undefined;
  const message = request
    ? `${entry.method} ${entry.path} ${entry.status} ${entry.ms} ms`
    : String(entry.msg ?? "");
  const err = entry.err as { message?: string; stack?: string } | undefined;
  const fields = Object.entries(entry)
    .filter(([key]) => !SHOWN_ELSEWHERE.has(key) && !(request && REQUEST_FIELDS.includes(key)))
    .map(([key, value]) => `${key}=${fieldValue(value)}`);
  if (err?.message !== undefined) fields.push(`err=${err.message}`);
  let line = `${time} ${level} ${message}${fields.length > 0 ? `  ${fields.join(" ")}` : ""}\n`;
  if (err?.stack && Number(entry.level) >= ERROR_LEVEL)
    line += `${err.stack.replace(/^/gm, "    ")}\n`;
  return line;
}

function fieldValue(value: unknown): string {
  if (typeof value === "string") return /[\s"=]/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

/** A pino destination that writes readable lines to `out` (a terminal). */
export function readableDestination(out: { write(text: string): unknown }): DestinationStream {
  return { write: (json: string) => void out.write(readableLine(json)) };
}

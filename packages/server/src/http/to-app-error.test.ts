import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { AppError } from "../app-error.ts";
import { toAppError } from "./to-app-error.ts";

describe("toAppError", () => {
  it("passes AppErrors through", () => {
    const error = new AppError("CONFLICT", "taken");
    expect(toAppError(error)).toBe(error);
  });

  it.each([
    [{ code: "FST_ERR_CTP_BODY_TOO_LARGE", statusCode: 413 }, "PAYLOAD_TOO_LARGE"],
    [{ code: "FST_ERR_CTP_INVALID_MEDIA_TYPE", statusCode: 415 }, "UNSUPPORTED_MEDIA_TYPE"],
    [{ code: "ECONNREFUSED" }, "SERVICE_UNAVAILABLE"],
    [
      { code: "57P01", message: "terminating connection due to administrator command" },
      "SERVICE_UNAVAILABLE",
    ],
    [{ errcode: 5, message: "database is locked" }, "SERVICE_UNAVAILABLE"],
    [{ errcode: 261, message: "recovering the write-ahead log" }, "SERVICE_UNAVAILABLE"],
    [{ errcode: 262, message: "table is locked" }, "SERVICE_UNAVAILABLE"],
    [{ statusCode: 400, message: "body is not valid JSON" }, "VALIDATION_ERROR"],
    [new TypeError("cannot read properties of undefined"), "INTERNAL"],
    ["a string", "INTERNAL"],
  ])("classifies %j as %s", (error, code) => {
    expect(toAppError(error).code).toBe(code);
  });

  it("answers 409 when a write names a row deleted meanwhile, on either database", () => {
    const sqlite = new DatabaseSync(":memory:");
    sqlite.exec("PRAGMA foreign_keys = ON");
    sqlite.exec("CREATE TABLE judges (id TEXT PRIMARY KEY)");
    sqlite.exec("CREATE TABLE labels (judge_id TEXT NOT NULL REFERENCES judges (id))");
    let fromSqlite: unknown;
    try {
      sqlite.exec("INSERT INTO labels VALUES ('deleted judge')");
    } catch (error) {
      fromSqlite = error;
    }
    const fromPostgres = Object.assign(new Error('insert or update on table "labels" violates'), {
      code: "23503",
    });
    for (const error of [fromSqlite, fromPostgres])
      expect(toAppError(error)).toMatchObject({
        code: "CONFLICT",
        message: "something this request names was deleted while it ran; nothing was written",
      });
  });

  it("answers a full disk with 503 naming storage and a Retry-After, keeping the cause for the log", () => {
    const sqliteFull = Object.assign(new Error("database or disk is full"), {
      code: "ERR_SQLITE_ERROR",
      errcode: 13,
    });
    const postgresFull = Object.assign(new Error("could not extend file: No space left"), {
      code: "53100",
    });
    const blobsFull = Object.assign(new Error("ENOSPC: no space left on device, write"), {
      code: "ENOSPC",
    });
    const quota = Object.assign(new Error("EDQUOT: disk quota exceeded"), { code: "EDQUOT" });
    for (const [error, where] of [
      [sqliteFull, "database"],
      [postgresFull, "database"],
      [blobsFull, "file storage"],
      [quota, "file storage"],
    ] as const) {
      const answer = toAppError(error);
      expect(answer).toMatchObject({ code: "SERVICE_UNAVAILABLE", retryAfterSeconds: 60 });
      expect(answer.message).toMatch(new RegExp(`^the service's ${where} is out of space`));
      expect(answer.cause).toBe(error);
    }
  });

  it("gives unavailable dependencies a Retry-After and hides internal messages", () => {
    expect(toAppError({ code: "ECONNREFUSED" }).retryAfterSeconds).toBe(5);
    expect(toAppError(new Error("/srv/app/db.ts:12 secret")).message).toBe("internal error");
  });
});

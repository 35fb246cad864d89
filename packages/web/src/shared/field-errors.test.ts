import { APIStatusError } from "@assay/client/errors";
import { describe, expect, it } from "vitest";
import { fieldErrors, otherFieldErrors } from "./field-errors.ts";

function refusal(status: number, error: unknown): APIStatusError {
  return APIStatusError.generate(status, JSON.stringify({ error }), {});
}

describe("fieldErrors", () => {
  it("keys a 400's details by field and joins two problems with one field", () => {
    const errors = fieldErrors(
      refusal(400, {
        message: "body.name: is required (and 2 more)",
        code: "VALIDATION_ERROR",
        details: [
          { field: "body.name", message: "is required" },
          { field: "body.api_url", message: "must be an http(s) URL" },
          { field: "body.api_url", message: "must not name a private address" },
        ],
      }),
    );
    expect(errors.get("body.name")).toBe("is required");
    expect(errors.get("body.api_url")).toBe(
      "must be an http(s) URL; must not name a private address",
    );
    expect(otherFieldErrors(errors, ["body.name"])).toEqual([
      ["body.api_url", "must be an http(s) URL; must not name a private address"],
    ]);
  });

  it("reads a 422's line problems", () => {
    const errors = fieldErrors(
      refusal(422, {
        message: "rows.jsonl was refused",
        code: "UNPROCESSABLE_CONTENT",
        details: [{ field: "line 3", message: "`input` is missing" }],
      }),
    );
    expect([...errors]).toEqual([["line 3", "`input` is missing"]]);
  });

  it("is empty for errors without details and for anything that is not an API answer", () => {
    expect(fieldErrors(refusal(409, { message: "taken", code: "CONFLICT" })).size).toBe(0);
    expect(fieldErrors(APIStatusError.generate(502, "<html>bad gateway</html>", {})).size).toBe(0);
    expect(fieldErrors(new TypeError("Failed to fetch")).size).toBe(0);
    expect(fieldErrors(undefined).size).toBe(0);
  });
});

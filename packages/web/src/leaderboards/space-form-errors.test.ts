import { APIStatusError } from "@assay/client/errors";
import { describe, expect, it } from "vitest";
import { spaceFormErrors } from "./space-form-errors.ts";

const refusal = (status: number, error: unknown) =>
  APIStatusError.generate(status, JSON.stringify({ error }), {});

describe("spaceFormErrors", () => {
  it("puts a list entry's problem on the list, naming the entry", () => {
    const errors = spaceFormErrors(
      refusal(400, {
        message: "invalid",
        code: "VALIDATION_ERROR",
        details: [
          { field: "body.name", message: "Too small" },
          { field: "body.filters.providers.2", message: "Too big" },
          { field: "body.filters.providers.0", message: "Too small" },
        ],
      }),
    );
    expect(errors.get("body.name")).toBe("Too small");
    expect(errors.get("body.filters.providers")).toBe("entry 3: Too big; entry 1: Too small");
  });

  it("puts a taken name on the name field", () => {
    const errors = spaceFormErrors(
      refusal(409, { message: 'a space named "X" already exists', code: "CONFLICT" }),
    );
    expect([...errors]).toEqual([["body.name", 'a space named "X" already exists']]);
  });

  it("answers nothing for errors that are not refusals", () => {
    expect(spaceFormErrors(new Error("offline")).size).toBe(0);
  });
});

import { APIStatusError } from "@assay/client/errors";
import { describe, expect, it } from "vitest";
import { readableError } from "./readable-error.ts";

const answer = (status: number, body: string) => APIStatusError.generate(status, body, {});

describe("readableError", () => {
  it("shows the API's own message, without the SDK's `Error code: 409 - … (HTTP 409)` wrapping", () => {
    const conflict = answer(
      409,
      '{"error":{"message":"a judge named Tone already exists in this project","code":"CONFLICT"}}',
    );
    expect(readableError(conflict)).toBe("a judge named Tone already exists in this project");
    expect(readableError(answer(404, '{"error":{"message":"evaluation not found"}}'))).toBe(
      "evaluation not found",
    );
  });

  it("says the status when the answer has no message of the API (a proxy's page)", () => {
    expect(readableError(answer(502, "Bad Gateway"))).toBe("the server answered 502: Bad Gateway");
    expect(readableError(answer(503, ""))).toBe("the server answered 503");
  });

  it("adds what to do on a 429", () => {
    expect(readableError(answer(429, '{"error":{"message":"rate limit exceeded"}}'))).toBe(
      "rate limit exceeded. Wait a moment and try again.",
    );
  });
});

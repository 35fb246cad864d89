import { describe, expect, it } from "vitest";
import { findJsonObject } from "./judge-json.ts";

const anyObject = (value: unknown) =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;

describe("findJsonObject", () => {
  it("prefers a fenced block", () => {
    expect(findJsonObject('{"a": 1}\n```json\n{"a": 2}\n```', anyObject)).toEqual({ a: 2 });
  });

  it("finds an object inside prose, with braces inside strings", () => {
    expect(findJsonObject('Verdict: {"reason": "uses } and {", "a": 1} thanks', anyObject)).toEqual(
      {
        reason: "uses } and {",
        a: 1,
      },
    );
  });

  it("skips objects the caller rejects", () => {
    const needsB = (value: unknown) => (anyObject(value)?.b === undefined ? null : value);
    expect(findJsonObject('{"a": 1} then {"b": 2}', needsB)).toEqual({ b: 2 });
  });

  it("returns null when there is nothing", () => {
    expect(findJsonObject("no json { here", anyObject)).toBeNull();
  });
});

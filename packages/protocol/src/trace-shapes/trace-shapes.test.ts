import { describe, expect, it } from "vitest";
import { embeddedJson, MAX_EMBEDDED_DEPTH, textNestsDeeperThan } from "./embedded-json.ts";
import { anyValue, attributesOf } from "./otel-attributes.ts";

describe("OTLP/JSON attributes", () => {
  it("reads every AnyValue kind; int64 beyond 2^53 stays a string", () => {
    expect(
      attributesOf([
        { key: "s", value: { stringValue: "x" } },
        { key: "i", value: { intValue: "42" } },
        { key: "big", value: { intValue: "9007199254740993" } },
        { key: "d", value: { doubleValue: 0.5 } },
        { key: "b", value: { boolValue: true } },
        { key: "a", value: { arrayValue: { values: [{ stringValue: "stop" }] } } },
        { key: "kv", value: { kvlistValue: { values: [{ key: "k", value: { intValue: 1 } }] } } },
        { key: "__proto__", value: { stringValue: "ignored" } },
      ]),
    ).toEqual({
      s: "x",
      i: 42,
      big: "9007199254740993",
      d: 0.5,
      b: true,
      a: ["stop"],
      kv: { k: 1 },
    });
    expect(anyValue({})).toBeNull();
    expect(attributesOf({ "gen_ai.request.model": "gpt-4o" })).toEqual({
      "gen_ai.request.model": "gpt-4o",
    });
  });
});

describe("JSON carried in a string", () => {
  it("parses objects and lists, leaves other text and non-strings alone", () => {
    expect(embeddedJson('[{"role":"user","content":"hi"}]')).toEqual([
      { role: "user", content: "hi" },
    ]);
    expect(embeddedJson('  {"city":"Paris"}')).toEqual({ city: "Paris" });
    expect(embeddedJson("Paris")).toBeUndefined();
    expect(embeddedJson("42")).toBeUndefined();
    expect(embeddedJson("{not json")).toBeUndefined();
    const value = { already: "parsed" };
    expect(embeddedJson(value)).toBe(value);
  });

  it("drops a __proto__ key rather than let it set a prototype", () => {
    const parsed = embeddedJson('{"__proto__":{"polluted":true},"a":1}') as Record<string, unknown>;
    expect(parsed).toEqual({ a: 1 });
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });

  it("refuses nesting deeper than the limit, counting no bracket inside a string", () => {
    const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
    expect(embeddedJson(deep(MAX_EMBEDDED_DEPTH))).toBeDefined();
    expect(embeddedJson(deep(MAX_EMBEDDED_DEPTH + 1))).toBeUndefined();
    const brackets = `["${"[".repeat(100)}", "a \\" ${"{".repeat(100)}"]`;
    expect(textNestsDeeperThan(brackets, 2)).toBe(false);
    expect(embeddedJson(brackets)).toHaveLength(2);
    expect(textNestsDeeperThan('[[["x"]]]', 2)).toBe(true);
    expect(textNestsDeeperThan('[[["x"]]]', 3)).toBe(false);
  });
});

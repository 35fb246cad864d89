import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { countMessageTokens, countTokens, fitsInTokens, headTokens, tailTokens } from "./tokens.ts";

describe("token counting", () => {
  it("counts special-token text as ordinary characters instead of throwing", () => {
    expect(countTokens("a <|endoftext|> b <|im_start|>system")).toBeGreaterThan(5);
    expect(fitsInTokens("<|endoftext|>", 100)).toBe(true);
  });

  it("counts a chat request with the per-message framing", () => {
    const messages = [
      { role: "system" as const, content: "hello" },
      { role: "user" as const, content: "world" },
    ];
    expect(countMessageTokens(messages)).toBe(countTokens("hello") + countTokens("world") + 11);
  });

  // How fast is bench/timings.ts's to say; here, what the answers are.
  it("answers whether a long text fits", () => {
    const long = "lorem ipsum ".repeat(200_000);
    expect(fitsInTokens(long, 1000)).toBe(false);
    expect(fitsInTokens(long, 1_000_000)).toBe(true);
  });

  it("keeps the head or the tail by tokens, without broken characters", () => {
    const text = "😀".repeat(50);
    const head = headTokens(text, 7);
    const tail = tailTokens(text, 7);
    expect(head).not.toContain("\uFFFD");
    expect(tail).not.toContain("\uFFFD");
    expect(text.startsWith(head)).toBe(true);
    expect(text.endsWith(tail)).toBe(true);
    expect(countTokens(head)).toBeLessThanOrEqual(7);
    expect(headTokens("short", 10)).toBe("short");
    expect(tailTokens("short", 0)).toBe("");
  });
});

describe("token counting of pathological text", () => {
  it("counts long unbroken runs (bench/timings.ts holds their time to its budget)", () => {
    const letters = Array.from({ length: 200_000 }, (_, i) =>
      String.fromCharCode(97 + ((i * 7919) % 26)),
    ).join("");
    const count = countTokens(`${"=".repeat(100_000)} ${" ".repeat(100_000)}${letters}`);
    expect(count).toBeGreaterThan(10_000);
  });

  it("counts ordinary text as the tokenizer does", () => {
    const text = "The quick brown fox jumps over the lazy dog. ".repeat(500);
    expect(countTokens(text)).toBe(encode(text).length);
  });

  it("gives back the exact text from head and tail of a long emoji run", () => {
    const text = "😀".repeat(1_000);
    expect(text.startsWith(headTokens(text, 100))).toBe(true);
    expect(text.endsWith(tailTokens(text, 100))).toBe(true);
    expect(headTokens(text, 100_000)).toBe(text);
  });
});

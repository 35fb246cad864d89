import { describe, expect, it } from "vitest";
import { shownPrice, typedPrice } from "./price-draft.ts";

describe("a custom model's prices in the form", () => {
  it("are typed per million tokens and sent per token, exactly", () => {
    expect(typedPrice("2.5")).toBe("0.0000025");
    expect(typedPrice(" $0.15 ")).toBe("0.00000015");
    expect(typedPrice("")).toBeNull();
    expect(typedPrice("2.5e-6")).toBeUndefined();
    expect(typedPrice("-1")).toBeUndefined();
    expect(shownPrice("0.0000025")).toBe("2.5");
    expect(shownPrice(null)).toBe("");
  });
});

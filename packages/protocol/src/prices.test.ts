import { describe, expect, it } from "vitest";
import { perMillionPrice, perTokenPrice, TokenPriceSchema } from "./prices.ts";

describe("token prices", () => {
  it("take plain non-negative decimals only", () => {
    for (const ok of ["0", "0.0000025", "12", "3.5"])
      expect(TokenPriceSchema.safeParse(ok).success).toBe(true);
    for (const bad of ["-1", "2.5e-6", "01", ".5", "1.", "", " 1", "NaN"])
      expect(TokenPriceSchema.safeParse(bad).success).toBe(false);
  });

  it("move between per million and per token exactly", () => {
    expect(perTokenPrice("2.5")).toBe("0.0000025");
    expect(perTokenPrice("10")).toBe("0.00001");
    expect(perTokenPrice("0")).toBe("0");
    expect(perTokenPrice("0.075")).toBe("0.000000075");
    expect(perTokenPrice("1500000")).toBe("1.5");
    expect(perMillionPrice("0.0000025")).toBe("2.5");
    expect(perMillionPrice("0.000000075")).toBe("0.075");
    expect(perMillionPrice("3")).toBe("3000000");
    expect(perMillionPrice("0")).toBe("0");
    expect(perTokenPrice("2.5e-6")).toBeNull();
    expect(perTokenPrice("-1")).toBeNull();
  });
});

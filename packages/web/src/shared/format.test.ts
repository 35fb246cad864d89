import { describe, expect, it } from "vitest";
import { count, milliseconds, usd } from "./format.ts";

describe("count", () => {
  it("keeps small counts whole and shortens large ones", () => {
    expect(count(0)).toBe("0");
    expect(count(950)).toBe("950");
    expect(count(12_345)).toBe("12.3K");
    expect(count(4_200_000)).toBe("4.2M");
  });
});

describe("usd", () => {
  it("shows cents from a cent up, significant digits below", () => {
    expect(usd(0)).toBe("$0");
    expect(usd(1234.5)).toBe("$1,234.50");
    expect(usd(0.01)).toBe("$0.01");
    expect(usd(0.000123)).toBe("$0.000123");
    expect(usd(0.0001)).toBe("$0.0001");
    expect(usd(0.00000001)).toBe("< $0.000001");
  });
});

describe("milliseconds", () => {
  it("uses ms below a second and seconds above, a dash for none", () => {
    expect(milliseconds(0)).toBe("—");
    expect(milliseconds(849.6)).toBe("850 ms");
    expect(milliseconds(1234)).toBe("1.2 s");
  });
});

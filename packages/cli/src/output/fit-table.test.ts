import { describe, expect, it } from "vitest";
import { fitWidths, outputWidth } from "./fit-table.ts";
import { truncateStart } from "./table.ts";

/** What a table of these widths takes on screen: text, one space either side, and borders. */
const tableWidth = (widths: number[]) => widths.reduce((a, b) => a + b, 0) + 3 * widths.length + 1;

describe("fitWidths", () => {
  const columns = [
    { head: "position" },
    { head: "passed" },
    { head: "prompt", flex: 2 },
    { head: "truth", flex: 1 },
    { head: "response", flex: 1 },
  ];

  it("keeps short columns whole and shares the rest among the long ones", () => {
    const cells = [["12", "yes", "p".repeat(300), "42", "r".repeat(90)]];
    const widths = fitWidths(columns, cells, 120);
    expect(tableWidth(widths)).toBe(120);
    // The truth is short: it keeps its width; prompt and response share the rest 2:1.
    expect(widths).toEqual([8, 6, 57, 5, 28]);
    expect(tableWidth(fitWidths(columns, cells, 80))).toBe(80);
  });

  it("leaves a table that fits as it is", () => {
    const cells = [["1", "no", "short prompt", "7", "7"]];
    expect(fitWidths(columns, cells, 120)).toEqual([8, 6, 12, 5, 8]);
  });

  it("fits the terminal's width on a terminal, 120 columns otherwise", () => {
    expect(outputWidth({ isTTY: true, columns: 200 })).toBe(200);
    expect(outputWidth({ isTTY: false, columns: 200 })).toBe(120);
    expect(outputWidth({})).toBe(120);
  });
});

describe("truncateStart", () => {
  it("keeps the end of a long answer, where its final answer is, on one line", () => {
    const answer = "Let me think.\n 12 + 19 = 31, so the answer is 31.";
    expect(truncateStart(answer, 21)).toBe("…so the answer is 31.");
    expect(truncateStart(answer, 21)).toHaveLength(21);
    expect(truncateStart("The answer is 31.", 21)).toBe("The answer is 31.");
  });
});

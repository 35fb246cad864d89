import { readFileSync } from "node:fs";
import { GSM8K_TEST_FILE } from "@assay/test-kit/shared-datasets.ts";
import { describe, expect, it } from "vitest";
import { chunkText } from "./chunk-text.ts";
import { extractText } from "./extract-text.ts";

describe("a real document: GSM8K test split as JSON Lines", () => {
  it("renders 1,319 records and chunks them within the size, ending on record boundaries", async () => {
    const bytes = readFileSync(GSM8K_TEST_FILE);
    const { text, kind } = await extractText({
      filename: "test.jsonl",
      contentType: "application/octet-stream",
      bytes,
    });
    expect(kind).toBe("json");
    const records = text.split("\n\n");
    expect(records.length).toBeGreaterThanOrEqual(1319);
    expect(records[0]).toMatch(/^question: .+\nanswer: /s);

    const chunks = chunkText(text);
    expect(chunks).toEqual(chunkText(text));
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(6000);
      // A record's answer ends with "#### <number>": no chunk ends inside a record.
      expect(chunk).toMatch(/\n#### [\d,.-]+$/);
    }
  });
});

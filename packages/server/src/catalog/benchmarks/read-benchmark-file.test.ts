import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GSM8K_TEST_FILE } from "@assay/test-kit/shared-datasets.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BenchmarkDataError } from "./benchmark-errors.ts";
import { gsm8k } from "./gsm8k.ts";
import { readBenchmarkFile } from "./read-benchmark-file.ts";

const GSM8K_TEST = GSM8K_TEST_FILE;

describe("readBenchmarkFile on GSM8K", () => {
  let dir: string;
  let lines: string[];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "assay-gsm8k-"));
    lines = (await readFile(GSM8K_TEST, "utf8")).split("\n").filter((line) => line !== "");
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("loads all 1,319 test prompts with the number after #### as truth", async () => {
    const loaded = await readBenchmarkFile(gsm8k, GSM8K_TEST);

    expect(loaded.prompts).toHaveLength(1319);
    const first = JSON.parse(lines[0]!) as { question: string; answer: string };
    const expected = first.answer.split("####").at(-1)!.trim().replaceAll(",", "");
    expect(loaded.prompts[0]).toMatchObject({ id: "gsm8k-1", truth: expected });
    expect(loaded.prompts[0]!.input).toContain(first.question);
    expect(loaded.prompts[0]!.input).not.toContain("{{");
    expect(loaded.prompts[0]!.subset).toBeUndefined();
    expect(loaded.prompts.at(-1)!.id).toBe("gsm8k-1319");
    // No truth keeps a thousands separator or the marker.
    expect(loaded.prompts.every((prompt) => /^-?\d+(\.\d+)?$/.test(prompt.truth))).toBe(true);
  });

  it("reports the SHA-256 of the file bytes", async () => {
    const loaded = await readBenchmarkFile(gsm8k, GSM8K_TEST);
    const expected = createHash("sha256")
      .update(await readFile(GSM8K_TEST))
      .digest("hex");
    expect(loaded.sha256).toBe(expected);
  });

  it("strips thousands separators from the final answer", async () => {
    const path = join(dir, "commas.jsonl");
    await writeFile(
      path,
      `${JSON.stringify({ question: "How many?", answer: "x\n#### 1,250" })}\n`,
    );
    const loaded = await readBenchmarkFile({ ...gsm8k, prompt_count: 1 }, path);
    expect(loaded.prompts[0]!.truth).toBe("1250");
  });

  it("refuses a truncated copy with the row counts", async () => {
    const path = join(dir, "truncated.jsonl");
    await writeFile(path, `${lines.slice(0, 12).join("\n")}\n`);
    const error = await readBenchmarkFile(gsm8k, path).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BenchmarkDataError);
    expect((error as Error).message).toBe("gsm8k: expected 1319 rows, found 12");
  });

  it("names the line that is not JSON", async () => {
    const path = join(dir, "malformed.jsonl");
    const broken = [...lines.slice(0, 4), '{"question": "cut off', ...lines.slice(5)];
    await writeFile(path, broken.join("\n"));
    await expect(readBenchmarkFile(gsm8k, path)).rejects.toThrow(/^gsm8k: line 5: not valid JSON/);
  });

  it("names the line and the field of a record that does not fit", async () => {
    const path = join(dir, "no-marker.jsonl");
    const record = JSON.stringify({ question: "q", answer: "no final answer" });
    await writeFile(path, [lines[0], "", record].join("\n"));
    await expect(readBenchmarkFile({ ...gsm8k, prompt_count: 2 }, path)).rejects.toThrow(
      "gsm8k: line 3: answer: answer must end with '#### <number>'",
    );
  });

  it("lets a missing file fail as the file system error it is", async () => {
    await expect(readBenchmarkFile(gsm8k, join(dir, "absent.jsonl"))).rejects.toMatchObject({
      code: "ENOENT",
    });
  });
});

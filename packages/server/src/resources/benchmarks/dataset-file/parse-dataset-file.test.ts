import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { GSM8K_TEST_FILE } from "@assay/test-kit/shared-datasets.ts";
import { describe, expect, it } from "vitest";
import {
  DatasetFileError,
  type DatasetRow,
  type ParseDatasetOptions,
  parseDatasetFile,
  type RowProblem,
} from "./index.ts";

const MiB = 1024 * 1024;

/** The bytes in chunks of `size`, so boundaries fall inside lines and inside UTF-8 characters. */
function chunked(content: string | Buffer, size: number): Readable {
  const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return Readable.from(chunks);
}

const jsonl = (...rows: unknown[]) => `${rows.map((row) => JSON.stringify(row)).join("\n")}\n`;

async function refusal(source: Readable, options?: ParseDatasetOptions): Promise<DatasetFileError> {
  const error = await parseDatasetFile(source, options).then(
    (result) => result,
    (error: unknown) => error,
  );
  if (!(error instanceof DatasetFileError)) throw new Error(`expected a DatasetFileError`);
  return error;
}

const problems = async (content: string | Buffer, options?: ParseDatasetOptions) =>
  (await refusal(chunked(content, 64 * 1024), options)).problems;

describe("parseDatasetFile: JSONL", () => {
  it("parses rows with their line numbers, whatever the chunk boundaries", async () => {
    // "é" is 2 bytes, "€" 3, "🧮" 4: small chunk sizes split each of them somewhere.
    const content = `${jsonl(
      { input: "Café: 2+2?", truth: 4, subset: "arith", id: "q1" },
      { input: "Price in €?", truth: "12 €", extra: "ignored" },
    )}\n  \n${jsonl({ input: "🧮 x 🧮", truth: true, id: 9 })}`;
    const expected: DatasetRow[] = [
      { id: "q1", input: "Café: 2+2?", truth: "4", subset: "arith", line: 1 },
      { input: "Price in €?", truth: "12 €", line: 2 },
      { id: "9", input: "🧮 x 🧮", truth: "true", line: 5 },
    ];
    for (let size = 1; size <= 40; size++) {
      expect(await parseDatasetFile(chunked(content, size))).toEqual({
        format: "jsonl",
        rows: expected,
      });
    }
  });

  it("ignores a BOM (even split across chunks), CRLF line ends and a missing last line end", async () => {
    const content = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('{"input":"a","truth":"1"}\r\n\r\n{"input":"b","truth":"2"}'),
    ]);
    for (const size of [1, 2, 4, 1024]) {
      const { rows } = await parseDatasetFile(chunked(content, size));
      expect(rows).toEqual([
        { input: "a", truth: "1", line: 1 },
        { input: "b", truth: "2", line: 3 },
      ]);
    }
  });

  it("accepts string chunks", async () => {
    const { rows } = await parseDatasetFile(Readable.from(['{"input":"a",', '"truth":"1"}\n']));
    expect(rows).toEqual([{ input: "a", truth: "1", line: 1 }]);
  });

  it("validates input against input_type", async () => {
    const messages = [{ role: "user", content: "hi" }];
    const content = jsonl({ input: messages, truth: "a" });
    expect((await parseDatasetFile(chunked(content, 5), { inputType: "messages" })).rows).toEqual([
      { input: messages, truth: "a", line: 1 },
    ]);
    const payload = jsonl({ input: { prompt: "hi" }, truth: "a" });
    expect(
      (await parseDatasetFile(chunked(payload, 5), { inputType: "json_payload" })).rows,
    ).toEqual([{ input: { prompt: "hi" }, truth: "a", line: 1 }]);
    expect(await problems(content, { inputType: "json_payload" })).toEqual([
      { line: 1, reason: "input must be a JSON object (input_type json_payload)" },
    ]);
    expect(await problems(payload, { inputType: "messages" })).toEqual([
      {
        line: 1,
        reason: "input must be a string or a list of chat messages (input_type messages)",
      },
    ]);
  });

  it("takes a string input of a messages dataset as one user message, still refusing bad messages", async () => {
    const content = [
      { input: "What is 2 + 2?", truth: "4" },
      {
        input: [
          { role: "system", content: "Be brief." },
          { role: "user", content: "1+1?" },
        ],
        truth: "2",
      },
    ]
      .map((row) => JSON.stringify(row))
      .join("\n");
    expect((await parseDatasetFile(chunked(content, 7), { inputType: "messages" })).rows).toEqual([
      { input: [{ role: "user", content: "What is 2 + 2?" }], truth: "4", line: 1 },
      {
        input: [
          { role: "system", content: "Be brief." },
          { role: "user", content: "1+1?" },
        ],
        truth: "2",
        line: 2,
      },
    ]);
    const bad = [
      '{"input":"fine","truth":"1"}',
      '{"input":[{"role":"robot","content":"x"}],"truth":"1"}',
      '{"input":"   ","truth":"1"}',
      '{"input":[],"truth":"1"}',
    ].join("\n");
    expect(await problems(bad, { inputType: "messages" })).toEqual([
      { line: 2, reason: "input[0].role must be one of system, user, assistant, tool, developer" },
      { line: 3, reason: "input is empty" },
      { line: 4, reason: "input has no messages" },
    ]);
  });

  it("reports every bad line by its number and imports nothing", async () => {
    const content = [
      '{"input":"a","truth":"1"}',
      '{"input":"b"}',
      '{"input":"c","truth":"3"}',
      "",
      '{"input":"e","truth":',
      '{"input":"f","truth":"6"}',
    ].join("\n");
    const error = await refusal(chunked(content, 7));
    expect(error.format).toBe("jsonl");
    expect(error.badRows).toBe(2);
    expect(error.problems).toEqual([
      { line: 2, reason: "truth is missing" },
      { line: 5, reason: "not valid JSON" },
    ]);
    expect(error.message).toBe("2 bad lines: line 2: truth is missing; line 5: not valid JSON");
  });

  it("names each kind of bad line", async () => {
    const lines = [
      '"just a string"',
      "[1, 2]",
      "{'input': 'a'}",
      '{"truth":"1"}',
      '{"input":{"a":1},"truth":"1"}',
      '{"input":[{"role":"user","content":"a"},{"role":"robot","content":"b"}],"truth":"1"}',
      '{"input":"a","truth":{"value":1}}',
      '{"input":"a","truth":"1","subset":7}',
    ];
    expect(await problems(lines.join("\n"))).toEqual<RowProblem[]>([
      { line: 1, reason: "not a JSON object" },
      { line: 2, reason: "not a JSON object" },
      { line: 3, reason: "not valid JSON" },
      { line: 4, reason: "input is missing" },
      { line: 5, reason: "input must be a string or a list of chat messages" },
      { line: 6, reason: "input[1].role must be one of system, user, assistant, tool, developer" },
      { line: 7, reason: "truth must be a string" },
      { line: 8, reason: "subset must be a string" },
    ]);
  });

  it("refuses invalid UTF-8 on its line only", async () => {
    const content = Buffer.concat([
      Buffer.from('{"input":"a","truth":"1"}\n{"input":"'),
      Buffer.from([0xc3, 0x28]), // a 2-byte lead followed by "("
      Buffer.from('","truth":"2"}\n{"input":"'),
      Buffer.from([0xe2, 0x82]), // a 3-byte character cut short
      Buffer.from('","truth":"3"}\n{"input":"d","truth":"4"}\n'),
    ]);
    expect(await problems(content)).toEqual([
      { line: 2, reason: "not valid UTF-8" },
      { line: 3, reason: "not valid UTF-8" },
    ]);
  });

  it("lists the first maxProblems bad lines and counts them all", async () => {
    const content = Array.from({ length: 30 }, (_, i) => `{"input":"q${i}"}`).join("\n");
    const error = await refusal(chunked(content, 100), { maxProblems: 3 });
    expect(error.badRows).toBe(30);
    expect(error.problems.map((problem) => problem.line)).toEqual([1, 2, 3]);
    expect(error.message).toBe(
      "30 bad lines: line 1: truth is missing; line 2: truth is missing; line 3: truth is missing; … 27 more",
    );
    expect((await refusal(chunked(content, 100))).problems).toHaveLength(20);
  });

  it("refuses a line over 1 MiB without buffering it, and goes on with the next lines", async () => {
    const truth = (length: number) => "x".repeat(length - '{"input":"q","truth":""}'.length);
    const exact = `{"input":"q","truth":"${truth(MiB)}"}`;
    const over = `{"input":"q","truth":"${truth(MiB + 1)}"}`;
    const huge = `{"input":"q","truth":"${truth(2 * MiB)}"}`;
    expect(Buffer.byteLength(exact)).toBe(MiB);
    const content = [exact, over, huge, '{"input":"q","truth":"1"}', "{"].join("\r\n");
    expect(await problems(content)).toEqual([
      { line: 2, reason: "line is longer than 1 MiB" },
      { line: 3, reason: "line is longer than 1 MiB" },
      { line: 5, reason: "not valid JSON" },
    ]);
    // The same 2 MiB line as one chunk, with no line end at all.
    expect((await refusal(Readable.from([Buffer.from(huge)]))).problems).toEqual([
      { line: 1, reason: "line is longer than 1 MiB" },
    ]);
  });

  it("refuses __proto__ and constructor.prototype keys at any depth", async () => {
    const content = [
      '{"__proto__":{"polluted":true},"input":"a","truth":"1"}',
      '{"input":{"deep":[{"__proto__":{"polluted":true}}]},"truth":"1"}',
      '{"\\u005f_proto__":{"polluted":true},"input":"a","truth":"1"}',
      '{"input":"a","truth":"1","constructor":{"prototype":{"polluted":true}}}',
      '{"input":"a","truth":"1","constructor":"a plain key"}',
    ].join("\n");
    expect(await problems(content, { inputType: "json_payload" })).toEqual([
      { line: 1, reason: "forbidden key __proto__" },
      { line: 2, reason: "forbidden key __proto__" },
      { line: 3, reason: "forbidden key __proto__" },
      { line: 4, reason: "forbidden key constructor.prototype" },
      { line: 5, reason: "input must be a JSON object (input_type json_payload)" },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses nesting deeper than 64 levels", async () => {
    // The row object is level 1, so an input nested `levels - 1` deep gives `levels` in all.
    const row = (levels: number) =>
      `{"input":${'{"a":'.repeat(levels - 2)}{}${"}".repeat(levels - 2)},"truth":"1"}`;
    const options = { inputType: "json_payload" } as const;
    expect((await parseDatasetFile(chunked(row(64), 1000), options)).rows).toHaveLength(1);
    expect(await problems(row(65), options)).toEqual([
      { line: 1, reason: "nested deeper than 64 levels" },
    ]);
    expect(await problems(`{"input":"q","truth":"1"}\n${"[".repeat(500_000)}\n`)).toEqual([
      { line: 2, reason: "nested deeper than 64 levels" },
    ]);
  });

  it("refuses a file with no rows", async () => {
    for (const content of ["", "\n \r\n\t\n", "\ufeff", "\ufeff\n\n"]) {
      const error = await refusal(chunked(content, 1));
      expect(error.problems).toEqual([{ line: 0, reason: "the file has no rows" }]);
      expect(error.message).toBe("the file has no rows");
    }
  });

  it("accepts 100,000 rows and refuses 100,001", async () => {
    const rows = (count: number) =>
      Readable.from(
        (function* () {
          for (let i = 0; i < count; i += 1000) {
            yield Buffer.from('{"input":"q","truth":"a"}\n'.repeat(Math.min(1000, count - i)));
          }
        })(),
      );
    expect((await parseDatasetFile(rows(100_000))).rows).toHaveLength(100_000);
    const error = await refusal(rows(100_001));
    expect(error.problems).toEqual([{ line: 0, reason: "more than 100000 rows" }]);
  });

  it("stops reading a file over 50 MiB", async () => {
    const blankMiB = Buffer.from(`${" ".repeat(1023)}\n`.repeat(1024));
    const file = (first: string) =>
      Readable.from(
        (function* () {
          yield Buffer.from(first);
          for (let i = 0; i < 51; i++) yield blankMiB;
        })(),
      );
    for (const first of ['{"input":"q","truth":"1"}\n', "["]) {
      const error = await refusal(file(first));
      expect(error.problems).toEqual([{ line: 0, reason: "the file is larger than 50 MiB" }]);
    }
  });

  it("parses GSM8K's 1,319 test questions as {input, truth} rows", async () => {
    const content = readFileSync(GSM8K_TEST_FILE, "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => {
        const { question, answer } = JSON.parse(line) as { question: string; answer: string };
        return JSON.stringify({ input: question, truth: answer });
      })
      .join("\n");
    const { format, rows } = await parseDatasetFile(chunked(content, 64 * 1024));
    expect(format).toBe("jsonl");
    expect(rows).toHaveLength(1319);
    expect(rows[0]!.input).toMatch(/^Janet’s ducks lay 16 eggs per day/);
    expect(rows[0]!.truth).toMatch(/#### 18$/);
    expect(rows.at(-1)!.line).toBe(1319);
  });
});

describe("parseDatasetFile: JSON array", () => {
  it("is chosen by a leading [ and numbers rows by item", async () => {
    const items = [
      { input: 'a ["] b', truth: 1 },
      { input: [{ role: "user", content: "é" }], truth: "2", subset: "s" },
    ];
    const content = `\ufeff \n${JSON.stringify(items, null, 2)}\n`;
    for (const size of [1, 3, 17, 4096]) {
      expect(await parseDatasetFile(chunked(content, size))).toEqual({
        format: "json",
        rows: [
          { input: 'a ["] b', truth: "1", line: 1 },
          { input: [{ role: "user", content: "é" }], truth: "2", subset: "s", line: 2 },
        ],
      });
    }
  });

  it("reports bad items by their 1-based number", async () => {
    const content = `[
      {"input": "a", "truth": "1"},
      {"input": "b"},
      "not an object",
      {"input": "d", "truth": "4",},
      ,
      {"__proto__": {}, "input": "f", "truth": "6"}
    ]`;
    const error = await refusal(chunked(content, 10));
    expect(error.format).toBe("json");
    expect(error.problems).toEqual([
      { line: 2, reason: "truth is missing" },
      { line: 3, reason: "not a JSON object" },
      { line: 4, reason: "not valid JSON" },
      { line: 5, reason: "item is empty" },
      { line: 6, reason: "forbidden key __proto__" },
    ]);
    expect(error.message).toMatch(/^5 bad items: item 2: truth is missing; item 3: /);
  });

  it("refuses an item over 1 MiB", async () => {
    const big = { input: "q", truth: "x".repeat(MiB) };
    const content = JSON.stringify([{ input: "q", truth: "1" }, big]);
    expect(await problems(content)).toEqual([{ line: 2, reason: "item is longer than 1 MiB" }]);
  });

  it("refuses a broken array", async () => {
    expect(await problems('[{"input":"a","truth":"1"}, {"input":"b",')).toEqual([
      { line: 0, reason: "the JSON array is not closed" },
      { line: 2, reason: "not valid JSON" },
    ]);
    expect(await problems('[{"input":"a","truth":"1"}] {"input":"b","truth":"2"}')).toEqual([
      { line: 0, reason: "there is text after the JSON array" },
    ]);
    expect(await problems("[ ]")).toEqual([{ line: 0, reason: "the file has no rows" }]);
    expect(await problems(`[${"[".repeat(65)}${"]".repeat(65)}]`)).toEqual([
      { line: 1, reason: "nested deeper than 64 levels" },
    ]);
    expect(await problems('[{"input":"a","truth":"1"}}]')).toEqual([
      { line: 1, reason: "not valid JSON" },
    ]);
  });
});

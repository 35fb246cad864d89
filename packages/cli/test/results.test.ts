import type { Evaluation, Result } from "@assay/client";
import { beforeAll, describe, expect, it } from "vitest";
import { runApiCli, useTestService } from "./support/api-cli.ts";
import type { CliResult } from "./support/cli.ts";
import {
  finishedEvaluation,
  ROWS,
  useEvaluationFixture,
  WRONG,
} from "./support/evaluation-setup.ts";

/** `assay results`: an evaluation's per-prompt results as a table, JSON and CSV. */

const service = useTestService({ workers: true });
const fixture = useEvaluationFixture(service);

let evaluation: Evaluation;
beforeAll(async () => {
  evaluation = await finishedEvaluation(fixture());
});

async function results(args: string[], code = 0): Promise<CliResult> {
  const result = await runApiCli(service(), ["results", ...args]);
  expect(result, result.stderr).toMatchObject({ code });
  return result;
}

/** A strict RFC 4180 reader: records end in CRLF; quoted fields may hold anything. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      for (i++; ; i++) {
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i++;
        } else if (text[i] === '"') {
          i++;
          break;
        } else if (i >= text.length) {
          throw new Error("unterminated quote");
        } else field += text[i];
      }
    } else if (text[i] === ",") {
      record.push(field);
      field = "";
      i++;
    } else if (text.startsWith("\r\n", i)) {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i += 2;
    } else {
      field += text[i];
      i++;
    }
  }
  if (field !== "" || record.length > 0) throw new Error("last record without CRLF");
  return records;
}

describe("assay results", () => {
  it("prints a table of every result in benchmark order", async () => {
    const { stdout, stderr } = await results([evaluation.id]);
    expect(stderr).toBe("");
    expect(stdout).toMatch(
      /│ position │ subset\s+│ passed │ score │ prompt\s+│ response\s+│ truth\s+│ reason \/ error\s+│/,
    );
    expect(stdout).toMatch(/│ 0\s+│ small\s+│ yes\s+│ 1\s+│ Q1: /);
    expect(stdout).toMatch(/│ 2\s+│ small\s+│ no\s+│ 0\s+│ Q3: /);
    expect(stdout).toMatch(/^11 of 11 results$/m);
  });

  it("--failed keeps the prompts not passed; --json prints them as one array", async () => {
    const table = (await results([evaluation.id, "--failed"])).stdout;
    expect(table).toMatch(/^3 of 3 failed results$/m);
    const failed = JSON.parse(
      (await results([evaluation.id, "--failed", "--json"])).stdout,
    ) as Result[];
    expect(failed.map((r) => r.position)).toEqual(WRONG);
    expect(failed.every((r) => !r.passed)).toBe(true);

    const all = JSON.parse((await results([evaluation.id, "--json"])).stdout) as Result[];
    expect(all.map((r) => [r.position, r.subset, r.prompt, r.truth])).toEqual(
      ROWS.map((row, i) => [i, row.subset, row.input, row.truth]),
    );
  });

  it("--csv writes RFC 4180 with a header row, quoting what needs it", async () => {
    const { stdout } = await results([evaluation.id, "--csv"]);
    const records = parseCsv(stdout);
    expect(records[0]).toEqual([
      "position",
      "prompt_id",
      "subset",
      "passed",
      "score",
      "duration",
      "prompt",
      "result",
      "truth",
      "reason",
      "error",
    ]);
    const all = JSON.parse((await results([evaluation.id, "--json"])).stdout) as Result[];
    expect(records.slice(1)).toEqual(
      all.map((r) => [
        String(r.position),
        r.prompt_id,
        r.subset,
        String(r.passed),
        String(r.score),
        String(r.duration),
        r.prompt,
        r.result,
        r.truth,
        r.reason,
        r.error ?? "",
      ]),
    );
    // The prompt with a comma, quotes and a line break survives the round trip.
    expect(records[11]?.[6]).toBe(ROWS[10]?.input);
    expect(stdout).toContain('"Q11: ""Quoted"", with a comma,\nand a second line. What is 1 + 2?"');
  });

  it("--limit stops early", async () => {
    const two = JSON.parse((await results([evaluation.id, "--limit", "2", "--json"])).stdout);
    expect((two as Result[]).map((r) => r.position)).toEqual([0, 1]);
    const csv = parseCsv(
      (await results([evaluation.id, "--failed", "--limit", "1", "--csv"])).stdout,
    );
    expect(csv.map((r) => r[0])).toEqual(["position", String(WRONG[0])]);
  });

  it("refuses --json with --csv, and an unknown evaluation", async () => {
    const both = await results([evaluation.id, "--json", "--csv"], 1);
    expect(both.stderr).toContain("cannot be used with option");
    const missing = await results(["00000000-0000-4000-8000-000000000000"], 1);
    expect(missing.stderr).toBe(
      "assay: no evaluation with id 00000000-0000-4000-8000-000000000000 in this organization\n",
    );
  });
});

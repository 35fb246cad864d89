import type { JudgeAnnotation } from "@assay/protocol";
import { describe, expect, it } from "vitest";
import { labelsToCsv, labelsToJsonl, parseLabelsFile, refusalsByLine } from "./labels-file.ts";

const base = {
  id: "a",
  organization_id: "o",
  project_id: "p",
  judge_id: "j",
  trace_evaluation_id: "e",
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
  created_by: "assay_ab…wxyz",
};
const labels: JudgeAnnotation[] = [
  { ...base, trace_id: "t1", passed: true, score: 0.5, judge_passed: true, agrees: true },
  { ...base, trace_id: "t2", passed: false, comment: 'Says "Lyon", wrong' },
];

describe("labels files", () => {
  it("writes JSONL in the import format, score and comment only when given", () => {
    expect(labelsToJsonl(labels)).toBe(
      '{"trace_id":"t1","judge_id":"j","passed":true,"score":0.5}\n' +
        '{"trace_id":"t2","judge_id":"j","passed":false,"comment":"Says \\"Lyon\\", wrong"}\n',
    );
  });

  it("writes CSV with quotes doubled where a cell needs them", () => {
    expect(labelsToCsv(labels).split("\r\n")).toEqual([
      "trace_id,judge_id,passed,score,comment,judge_passed,agrees,updated_at,created_by",
      "t1,j,true,0.5,,true,true,2026-01-01T00:00:00Z,assay_ab…wxyz",
      't2,j,false,,"Says ""Lyon"", wrong",,,2026-01-01T00:00:00Z,assay_ab…wxyz',
      "",
    ]);
  });

  it("reads a JSONL file back, skipping blank lines and naming lines that are not JSON", () => {
    const parsed = parseLabelsFile(`${labelsToJsonl(labels)}\n{"trace_id":\r\n[1]\n`);
    expect(parsed.items).toEqual([
      { trace_id: "t1", judge_id: "j", passed: true, score: 0.5 },
      { trace_id: "t2", judge_id: "j", passed: false, comment: 'Says "Lyon", wrong' },
      [1],
    ]);
    expect(parsed.lines).toEqual([1, 2, 5]);
    expect(parsed.unreadable).toEqual([{ line: 4, message: "is not a JSON object" }]);
  });

  it("turns the server's item refusals into file lines", () => {
    const errors = new Map([
      ["body.annotations.2.passed", "expected boolean"],
      ["body.annotations.0.trace_id", "no trace t9 in this project"],
      ["body.annotations", "too many"],
    ]);
    expect(refusalsByLine(errors, [1, 3, 7])).toEqual([
      { line: undefined, field: "body.annotations", message: "too many" },
      { line: 1, field: "trace_id", message: "no trace t9 in this project" },
      { line: 7, field: "passed", message: "expected boolean" },
    ]);
  });
});

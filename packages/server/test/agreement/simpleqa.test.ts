import { describe, expect, it } from "vitest";
import { simpleqa } from "../../src/catalog/benchmarks/simpleqa.ts";
import {
  readSimpleqaGrade,
  simpleqaGraderPrompt,
  simpleqaScore,
} from "../../src/engine/scorers/simpleqa.ts";
import { readAgreementFixture, referenceVerdicts } from "./reference.ts";

/**
 * `simpleqa` against inspect-evals 0.28.0's own SimpleQA scorer with simple-evals' parse
 * (agreement/references/simpleqa.py): the same grader prompt, word for word, the same grade from
 * every grader reply of the fixture, and the same aggregate figures over the whole fixture.
 */
interface Case {
  response: string;
  truth: string;
  question: string;
  grader_reply: string;
  [key: string]: unknown;
}
interface Verdict {
  passed: boolean;
  grade: string;
  prompt: string;
  value: Record<string, number>;
}

describe("simpleqa agrees with the SimpleQA reference grader", () => {
  it("sends the authors' prompt and reads the same grade from every reply", async () => {
    const cases = readAgreementFixture<Case>("simpleqa");
    const reference = await referenceVerdicts<Verdict>("simpleqa", cases);
    const sums: Record<string, number> = {};
    const disagreements = [];
    for (const [i, c] of cases.entries()) {
      const ref = reference[i]!;
      const prompt = simpleqaGraderPrompt(c.question, c.truth, c.response);
      let sent = "";
      const result = await simpleqaScore(
        { response: c.response, truth: c.truth, prompt: c.question },
        async (messages) => {
          sent = messages.map((m) => m.content).join("\n");
          return c.grader_reply;
        },
      );
      for (const [name, value] of Object.entries(result.details ?? {}))
        sums[name] = (sums[name] ?? 0) + value;
      if (
        readSimpleqaGrade(c.grader_reply) !== ref.grade ||
        result.passed !== ref.passed ||
        prompt !== ref.prompt ||
        sent !== ref.prompt
      )
        disagreements.push({
          ...c,
          assay: readSimpleqaGrade(c.grader_reply),
          reference: ref.grade,
        });
    }
    expect(disagreements).toEqual([]);
    const grades = new Set(reference.map((v) => v.grade));
    expect(grades).toEqual(new Set(["CORRECT", "INCORRECT", "NOT_ATTEMPTED"]));

    // The figures a run reports, from the summed details, against the reference's metric.
    const [aggregate] = await referenceVerdicts<{
      passed: boolean;
      metrics: Record<string, number>;
    }>("simpleqa_aggregate", [{ response: "", values: reference.map((v) => v.value) }]);
    const figures = Object.fromEntries(
      simpleqa.figures!.map((f) => [f.name, f.compute(sums, cases.length)]),
    );
    expect(sums.correct! / cases.length).toBeCloseTo(aggregate!.metrics.correct!, 12);
    for (const name of ["not_attempted", "correct_given_attempted", "f_score"])
      expect(figures[name], name).toBeCloseTo(aggregate!.metrics[name]!, 12);
  });
});

import type { JudgeAnnotation, TraceEvaluation } from "@assay/protocol";
import { describe, expect, it } from "vitest";
import { buildQueue } from "./build-queue.ts";

const evaluation = (
  id: string,
  traceId: string,
  createdAt: string,
  status: TraceEvaluation["status"] = "success",
): TraceEvaluation => ({
  id,
  trace_id: traceId,
  judge_id: "j",
  status,
  created_at: createdAt,
  organization_id: "o",
  project_id: "p",
  status_description: "",
});

const label = (traceId: string, agrees: boolean | undefined) =>
  ({
    trace_id: traceId,
    passed: true,
    ...(agrees === undefined ? {} : { agrees }),
  }) as JudgeAnnotation;

describe("buildQueue", () => {
  it("puts unlabelled traces first, then disagreements, then the rest, each oldest first", () => {
    const evaluations = [
      evaluation("e1", "agreed", "2026-01-01T00:00:01Z"),
      evaluation("e2", "unlabelled-late", "2026-01-01T00:00:05Z"),
      evaluation("e3", "disagreed", "2026-01-01T00:00:02Z"),
      evaluation("e4", "unlabelled-early", "2026-01-01T00:00:03Z"),
      evaluation("e5", "no-verdict-yet", "2026-01-01T00:00:00Z"),
    ];
    const labels = new Map([
      ["agreed", label("agreed", true)],
      ["disagreed", label("disagreed", false)],
      ["no-verdict-yet", label("no-verdict-yet", undefined)],
    ]);
    expect(buildQueue(evaluations, labels).map((item) => item.traceId)).toEqual([
      "unlabelled-early",
      "unlabelled-late",
      "disagreed",
      "no-verdict-yet",
      "agreed",
    ]);
  });

  it("keeps one item per trace: the newest evaluation with a verdict, else the newest", () => {
    const queue = buildQueue(
      [
        evaluation("old-verdict", "t", "2026-01-01T00:00:01Z"),
        evaluation("new-verdict", "t", "2026-01-01T00:00:02Z"),
        evaluation("newest-failed", "t", "2026-01-01T00:00:03Z", "failure"),
        evaluation("pending-a", "u", "2026-01-01T00:00:01Z", "pending"),
        evaluation("pending-b", "u", "2026-01-01T00:00:02Z", "pending"),
      ],
      new Map(),
    );
    expect(queue.map((item) => [item.traceId, item.evaluation.id])).toEqual([
      ["t", "new-verdict"],
      ["u", "pending-b"],
    ]);
  });
});

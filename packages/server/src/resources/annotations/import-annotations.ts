import type { AnnotationImportItem, ImportAnnotationsBody } from "@assay/protocol";
import { badRequest } from "../../app-error.ts";
import type { Database } from "../../platform/db/database.ts";
import type { JudgeRow } from "../../platform/db/schema.ts";
import type { ProjectScope } from "../../tenancy.ts";
import type { JudgeRepository } from "../judges/repository.ts";
import type { TraceEvaluationRepository } from "../trace-evaluations/repository.ts";
import type {
  PreparedTraceEvaluations,
  TraceEvaluationService,
} from "../trace-evaluations/service.ts";
import { type LabelStamp, labelRow } from "./label-row.ts";
import { type AnnotationRepository, pairKey } from "./repository.ts";

export interface ImportDeps {
  db: Database;
  annotations: AnnotationRepository;
  judges: JudgeRepository;
  traceEvaluations: TraceEvaluationService;
  traceEvaluationRows: TraceEvaluationRepository;
}

export interface ImportCounts {
  created: number;
  updated: number;
  trace_evaluations_created: number;
}

/** Most judge ids per lookup. */
const JUDGE_BATCH = 500;

/**
 * Imports labels all or nothing. Every judge and trace must be the project's (400 naming the
 * first item whose judge or trace is not). A pair listed twice keeps its last label, as if the
 * lines had been put one after another (a file of corrections appended to a file of labels does
 * what it says). A pair the judge never evaluated gets a trace evaluation, created and queued
 * exactly as `POST …/trace-evaluations` does, so the judge's verdict can be compared with the
 * label once it runs; those evaluations, their jobs and the labels are written in one transaction.
 */
export async function importAnnotations(
  deps: ImportDeps,
  scope: ProjectScope,
  body: ImportAnnotationsBody,
  stamp: LabelStamp,
): Promise<ImportCounts> {
  const items = lastPerPair(body.annotations);
  const { judges, traceIds } = await checkReferences(deps, scope, body.annotations);
  const judgeIds = [...judges.keys()];

  const latest = await deps.annotations.latestEvaluations(scope, judgeIds, traceIds);
  // Traces each judge never evaluated, per judge: one batch of new evaluations per judge.
  const unevaluated = new Map<JudgeRow, string[]>();
  for (const item of items) {
    if (latest.has(pairKey(item))) continue;
    const judge = judges.get(item.judge_id) as JudgeRow;
    const traces = unevaluated.get(judge);
    if (traces) traces.push(item.trace_id);
    else unevaluated.set(judge, [item.trace_id]);
  }
  const prepared: PreparedTraceEvaluations[] = [];
  for (const [judge, traces] of unevaluated) {
    const created = await deps.traceEvaluations.prepare(scope, judge, traces);
    for (const row of created.rows) latest.set(pairKey(row), row.id);
    prepared.push(created);
  }

  const rows = items.map((item) =>
    labelRow(scope, item, latest.get(pairKey(item)) as string, item, stamp),
  );
  return deps.db.transaction().execute(async (trx) => {
    for (const evaluations of prepared) await evaluations.write(trx);
    const existing = await deps.annotations.existingPairs(trx, scope, judgeIds, traceIds);
    await deps.annotations.upsert(trx, rows);
    const updated = rows.filter((row) => existing.has(pairKey(row))).length;
    return {
      created: rows.length - updated,
      updated,
      trace_evaluations_created: prepared.reduce((n, p) => n + p.rows.length, 0),
    };
  });
}

/** One item per (judge, trace), the last one listed; in order of first appearance. */
function lastPerPair(items: readonly AnnotationImportItem[]): AnnotationImportItem[] {
  const byPair = new Map<string, AnnotationImportItem>();
  for (const item of items) byPair.set(pairKey(item), item);
  return [...byPair.values()];
}

/**
 * The judges named, by id, and the distinct traces named; 400 at the first item whose judge or
 * trace is not the project's.
 */
async function checkReferences(
  deps: ImportDeps,
  scope: ProjectScope,
  items: readonly AnnotationImportItem[],
): Promise<{ judges: Map<string, JudgeRow>; traceIds: string[] }> {
  const judgeIds = [...new Set(items.map((item) => item.judge_id))];
  const traceIds = [...new Set(items.map((item) => item.trace_id))];
  const judges = new Map<string, JudgeRow>();
  for (let i = 0; i < judgeIds.length; i += JUDGE_BATCH) {
    for (const row of await deps.judges.findMany(scope, judgeIds.slice(i, i + JUDGE_BATCH)))
      judges.set(row.id, row);
  }
  const traces = await deps.traceEvaluationRows.existingTraceIds(scope, traceIds);
  for (const [i, item] of items.entries()) {
    if (!judges.has(item.judge_id))
      throw badRequest(
        `body.annotations.${i}.judge_id`,
        `no judge ${item.judge_id} in this project`,
      );
    if (!traces.has(item.trace_id))
      throw badRequest(
        `body.annotations.${i}.trace_id`,
        `no trace ${item.trace_id} in this project`,
      );
  }
  return { judges, traceIds };
}

import type { Agreement, Confusion } from "@assay/protocol";
import { agreementOfTable } from "../../engine/stats/index.ts";
import type { Database } from "../../platform/db/database.ts";
import { createAgreementRepository } from "./agreement-repository.ts";

/** A judge's labels, and the 2×2 table of label against latest verdict (rows: the person). */
export interface AgreementCounts {
  labels: number;
  table: [[number, number], [number, number]];
}

/**
 * How the judges' latest verdicts agree with people's labels, for any number of judges in one
 * aggregate query (a page of judges costs one query, not one per judge; agreement-repository.ts).
 * Judges without labels are absent from the map; `agreementOf` gives zeros.
 */
export async function agreementCounts(
  db: Database,
  judgeIds: readonly string[],
): Promise<Map<string, AgreementCounts>> {
  const groups = await createAgreementRepository(db).groups(judgeIds);
  const counts = new Map<string, AgreementCounts>();
  for (const group of groups) {
    let judge = counts.get(group.judge_id);
    if (!judge) {
      judge = emptyCounts();
      counts.set(group.judge_id, judge);
    }
    const n = group.n;
    judge.labels += n;
    // A label without a verdict counts as a label, not in the table. Index 0 is pass.
    if (group.judge !== null)
      judge.table[group.human === 1 ? 0 : 1][group.judge === 1 ? 0 : 1] += n;
  }
  return counts;
}

function emptyCounts(): AgreementCounts {
  return {
    labels: 0,
    table: [
      [0, 0],
      [0, 0],
    ],
  };
}

/** The wire's agreement of a judge from its counts (undefined: the judge has no labels). */
export function agreementOf(counts: AgreementCounts | undefined): Agreement {
  const { labels, table } = counts ?? emptyCounts();
  const figures = agreementOfTable(table);
  return {
    annotation_count: labels,
    compared: figures.n,
    agreements: figures.agreements,
    accuracy: figures.accuracy,
    accuracy_interval: figures.accuracyInterval,
    kappa: figures.kappa,
    kappa_interval: figures.kappaInterval,
    ...(figures.kappaUndefined === null ? {} : { kappa_undefined_reason: figures.kappaUndefined }),
  };
}

/** The wire's 2×2 table from a judge's counts. */
export function confusionOf(counts: AgreementCounts | undefined): Confusion {
  const [[pp, pf], [fp, ff]] = (counts ?? emptyCounts()).table;
  return {
    human_pass_judge_pass: pp,
    human_pass_judge_fail: pf,
    human_fail_judge_pass: fp,
    human_fail_judge_fail: ff,
  };
}

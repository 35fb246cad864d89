import type { VersionAgreement } from "@assay/protocol";
import { sql } from "kysely";
import type { Database } from "../../platform/db/database.ts";
import type { ProjectScope } from "../../tenancy.ts";
import { type AgreementCounts, agreementOf } from "./agreement-query.ts";

/**
 * The agreement of each version of a judge with its labels: per version, each label is compared
 * with that version's latest verdict on the trace, the same rule `latestVerdict` applies across
 * versions. The database gives the labelled traces' verdicts, oldest first (a few per label);
 * the newest per (trace, version) wins, then each version's 2×2 table is counted.
 */
export async function agreementByVersion(
  db: Database,
  scope: ProjectScope,
  judgeId: string,
): Promise<VersionAgreement[]> {
  const rows = await db
    .selectFrom("annotations as a")
    .innerJoin("trace_evaluations as te", (join) =>
      join.onRef("te.judge_id", "=", "a.judge_id").onRef("te.trace_id", "=", "a.trace_id"),
    )
    .select(["a.trace_id", "a.passed as human", "te.judge_version", "te.passed as judge"])
    .where("a.judge_id", "=", judgeId)
    .where("a.organization_id", "=", scope.organizationId)
    .where("a.project_id", "=", scope.projectId)
    .where("te.status", "=", "success")
    .where("te.passed", "is not", null)
    // The order `latestVerdict` takes, reversed: later rows replace earlier ones below.
    .orderBy(sql`coalesce(te.result_at, te.created_at)`)
    .orderBy("te.id")
    .execute();

  const latest = new Map<string, { version: number; human: boolean; judge: boolean }>();
  for (const row of rows) {
    const version = Number(row.judge_version);
    latest.set(`${version} ${row.trace_id}`, {
      version,
      human: Number(row.human) === 1,
      judge: Number(row.judge) === 1,
    });
  }
  const byVersion = new Map<number, AgreementCounts>();
  for (const { version, human, judge } of latest.values()) {
    let counts = byVersion.get(version);
    if (!counts) {
      counts = {
        labels: 0,
        table: [
          [0, 0],
          [0, 0],
        ],
      };
      byVersion.set(version, counts);
    }
    counts.labels += 1;
    counts.table[human ? 0 : 1][judge ? 0 : 1] += 1;
  }
  return [...byVersion]
    .sort(([a], [b]) => a - b)
    .map(([version, counts]) => ({ judge_version: version, ...agreementOf(counts) }));
}

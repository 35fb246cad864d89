import type { VersionAgreement } from "@assay/protocol";
import type { Database } from "../../platform/db/database.ts";
import type { ProjectScope } from "../../tenancy.ts";
import { type AgreementCounts, agreementOf } from "./agreement-query.ts";
import { createAgreementRepository } from "./agreement-repository.ts";

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
  const rows = await createAgreementRepository(db).versionVerdicts(scope, judgeId);
  const latest = new Map<string, { version: number; human: boolean; judge: boolean }>();
  for (const row of rows) {
    latest.set(`${row.judge_version} ${row.trace_id}`, {
      version: row.judge_version,
      human: row.human === 1,
      judge: row.judge === 1,
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

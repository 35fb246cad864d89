import { sql } from "kysely";
import type { Database } from "../../platform/db/database.ts";
import type { ProjectScope } from "../../tenancy.ts";
import { latestVerdict } from "./latest-verdict-repository.ts";

/** Labels of one judge with one (label, latest verdict) pair, counted by the database. */
export interface AgreementGroup {
  judge_id: string;
  /** People's label: 1 pass, 0 fail. */
  human: number;
  /** The judge's latest verdict on the trace: 1, 0, or null when it has none. */
  judge: number | null;
  n: number;
}

/** A labelled trace's verdict by one version of its judge. */
export interface VersionVerdict {
  trace_id: string;
  human: number;
  judge_version: number;
  judge: number;
}

/** The queries behind judges' agreement with people's labels (agreement-query.ts counts them). */
export function createAgreementRepository(db: Database) {
  return {
    /**
     * Labels per (judge, label, latest verdict) for any number of judges in one aggregate query:
     * at most six groups a judge, each label's verdict looked up once.
     */
    async groups(judgeIds: readonly string[]): Promise<AgreementGroup[]> {
      if (judgeIds.length === 0) return [];
      const labels = db
        .selectFrom("annotations as a")
        .where("a.judge_id", "in", judgeIds)
        .select((eb) => [
          "a.judge_id",
          "a.passed as human",
          latestVerdict(eb, "passed").as("judge"),
        ])
        .as("l");
      const rows = await db
        .selectFrom(labels)
        .select((eb) => ["l.judge_id", "l.human", "l.judge", eb.fn.countAll<number>().as("n")])
        .groupBy(["l.judge_id", "l.human", "l.judge"])
        .execute();
      return rows.map((row) => ({
        judge_id: row.judge_id,
        human: Number(row.human),
        judge: row.judge === null ? null : Number(row.judge),
        n: Number(row.n),
      }));
    },

    /**
     * Every verdict of a judge's versions on its labelled traces, oldest first (the order
     * `latestVerdict` takes, reversed: a caller keeping the last per trace and version keeps the
     * latest).
     */
    async versionVerdicts(scope: ProjectScope, judgeId: string): Promise<VersionVerdict[]> {
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
        .orderBy(sql`coalesce(te.result_at, te.created_at)`)
        .orderBy("te.id")
        .execute();
      return rows.map((row) => ({
        trace_id: row.trace_id,
        human: Number(row.human),
        judge_version: Number(row.judge_version),
        judge: Number(row.judge),
      }));
    },
  };
}

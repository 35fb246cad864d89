import type { Database } from "../../platform/db/database.ts";
import type { TraceRow } from "../../platform/db/schema.ts";
import type { ProjectScope } from "../../tenancy.ts";

/** Traces of a project. Every query is confined to the caller's organization and project. */
export function createTraceRepository(db: Database) {
  const inScope = (scope: ProjectScope) =>
    db
      .selectFrom("traces")
      .where("traces.organization_id", "=", scope.organizationId)
      .where("traces.project_id", "=", scope.projectId);

  return {
    find: (scope: ProjectScope, id: string): Promise<TraceRow | undefined> =>
      inScope(scope).selectAll().where("traces.id", "=", id).executeTakeFirst(),

    /** Deletes a trace (its evaluations go with it: foreign key cascade); false if none. */
    async delete(scope: ProjectScope, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom("traces")
        .where("organization_id", "=", scope.organizationId)
        .where("project_id", "=", scope.projectId)
        .where("id", "=", id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The file names traces of the project came from, alphabetically. */
    async sources(scope: ProjectScope): Promise<string[]> {
      const rows = await inScope(scope)
        .select("traces.filename")
        .distinct()
        .orderBy("traces.filename")
        .execute();
      return rows.map((row) => row.filename);
    },
  };
}

export type TraceRepository = ReturnType<typeof createTraceRepository>;

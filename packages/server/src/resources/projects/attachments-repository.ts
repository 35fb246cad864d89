import { sql } from "kysely";
import type { Database } from "../../platform/db/database.ts";
import type { ProjectScope } from "../../tenancy.ts";

/** What a project can attach: models (`project_models`) and benchmarks (`project_benchmarks`). */
export type AttachmentKind = "models" | "benchmarks";

/**
 * Which models and benchmarks a project has attached. An id is attachable when it is a catalog
 * entry or one of the project's own live (not deleted) entries; nothing else can be named.
 */
export function createAttachmentsRepository(db: Database) {
  const liveOrCatalog = (kind: AttachmentKind, scope: ProjectScope, ids: readonly string[]) =>
    db
      .selectFrom(kind)
      .select("id")
      .where("id", "in", ids)
      .where("disabled_at", "is", null)
      .where((eb) =>
        eb.or([
          eb("kind", "=", "catalog"),
          eb.and([
            eb("organization_id", "=", scope.organizationId),
            eb("project_id", "=", scope.projectId),
          ]),
        ]),
      );

  return {
    /** The subset of `ids` this project may attach. */
    async attachable(
      kind: AttachmentKind,
      scope: ProjectScope,
      ids: readonly string[],
    ): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await liveOrCatalog(kind, scope, ids).execute();
      return new Set(rows.map((r) => r.id));
    },

    /** Replaces the attached set (call inside a transaction). */
    async replace(
      kind: AttachmentKind,
      scope: ProjectScope,
      ids: readonly string[],
      now: string,
    ): Promise<void> {
      if (kind === "models") {
        await db.deleteFrom("project_models").where("project_id", "=", scope.projectId).execute();
        if (ids.length > 0)
          await db
            .insertInto("project_models")
            .values(
              ids.map((model_id) => ({ project_id: scope.projectId, model_id, attached_at: now })),
            )
            .execute();
        return;
      }
      await db.deleteFrom("project_benchmarks").where("project_id", "=", scope.projectId).execute();
      if (ids.length > 0)
        await db
          .insertInto("project_benchmarks")
          .values(
            ids.map((benchmark_id) => ({
              project_id: scope.projectId,
              benchmark_id,
              attached_at: now,
            })),
          )
          .execute();
    },

    /** Ids of the catalog entries attached to the project. */
    async attachedCatalogIds(kind: AttachmentKind, scope: ProjectScope): Promise<Set<string>> {
      const catalogIds = db.selectFrom(kind).select("id").where("kind", "=", "catalog");
      const rows =
        kind === "models"
          ? await db
              .selectFrom("project_models")
              .select("model_id as id")
              .where("project_id", "=", scope.projectId)
              .where("model_id", "in", catalogIds)
              .execute()
          : await db
              .selectFrom("project_benchmarks")
              .select("benchmark_id as id")
              .where("project_id", "=", scope.projectId)
              .where("benchmark_id", "in", catalogIds)
              .execute();
      return new Set(rows.map((r) => r.id));
    },

    /** Attached ids, in the order they were attached. */
    async list(kind: AttachmentKind, scope: ProjectScope): Promise<string[]> {
      const rows =
        kind === "models"
          ? await db
              .selectFrom("project_models")
              .select("model_id as id")
              .where("project_id", "=", scope.projectId)
              .orderBy("attached_at")
              .orderBy("model_id")
              .execute()
          : await db
              .selectFrom("project_benchmarks")
              .select("benchmark_id as id")
              .where("project_id", "=", scope.projectId)
              .orderBy("attached_at")
              .orderBy("benchmark_id")
              .execute();
      return rows.map((r) => r.id);
    },

    /**
     * Attaches the given catalog entries to one project, or to every project when `projectId` is
     * undefined (entries new to the catalog). Already attached pairs are left alone.
     */
    async attachCatalog(
      kind: AttachmentKind,
      ids: readonly string[],
      now: string,
      projectId?: string,
    ): Promise<void> {
      if (ids.length === 0) return;
      // SQLite needs a WHERE in `INSERT … SELECT … ON CONFLICT` to parse it: hence `where true`.
      const projects = db
        .selectFrom("projects")
        .select("id")
        .where(projectId === undefined ? sql<boolean>`true` : sql<boolean>`id = ${projectId}`);
      for (const id of ids) {
        if (kind === "models") {
          await db
            .insertInto("project_models")
            .columns(["project_id", "model_id", "attached_at"])
            .expression(projects.select((eb) => [eb.val(id).as("model_id"), eb.val(now).as("at")]))
            .onConflict((oc) => oc.doNothing())
            .execute();
        } else {
          await db
            .insertInto("project_benchmarks")
            .columns(["project_id", "benchmark_id", "attached_at"])
            .expression(
              projects.select((eb) => [eb.val(id).as("benchmark_id"), eb.val(now).as("at")]),
            )
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
      }
    },
  };
}

export type AttachmentsRepository = ReturnType<typeof createAttachmentsRepository>;

import type { Database } from "../../platform/db/database.ts";
import type { OrganizationRow, ProjectRow } from "../../platform/db/schema.ts";

export function createOrganizationRepository(db: Database) {
  return {
    /**
     * The organization's row and its projects in one round trip (one row per project, the
     * organization's columns repeated; none when it does not exist): every `GET /organizations`
     * reads both.
     */
    findWithProjects: (id: string) =>
      db
        .selectFrom("organizations")
        .leftJoin("projects", "projects.organization_id", "organizations.id")
        .select([
          "organizations.id",
          "organizations.name",
          "organizations.owner_id",
          "projects.id as project_id",
          "projects.name as project_name",
        ])
        .where("organizations.id", "=", id)
        .orderBy("projects.created_at")
        .orderBy("projects.id")
        .execute(),
    findByName: (name: string): Promise<OrganizationRow | undefined> =>
      db
        .selectFrom("organizations")
        .selectAll()
        .where("name", "=", name)
        .orderBy("created_at")
        .executeTakeFirst(),
    first: (): Promise<OrganizationRow | undefined> =>
      db.selectFrom("organizations").selectAll().orderBy("created_at").executeTakeFirst(),
    insert: async (row: OrganizationRow) => {
      await db.insertInto("organizations").values(row).execute();
    },
    listProjects: (organizationId: string): Promise<ProjectRow[]> =>
      db
        .selectFrom("projects")
        .selectAll()
        .where("organization_id", "=", organizationId)
        .orderBy("created_at")
        .orderBy("id")
        .execute(),
    /** A project, only when it belongs to the organization. */
    findProject: (organizationId: string, projectId: string): Promise<ProjectRow | undefined> =>
      db
        .selectFrom("projects")
        .selectAll()
        .where("organization_id", "=", organizationId)
        .where("id", "=", projectId)
        .executeTakeFirst(),
    findProjectByName: (organizationId: string, name: string): Promise<ProjectRow | undefined> =>
      db
        .selectFrom("projects")
        .selectAll()
        .where("organization_id", "=", organizationId)
        .where("name", "=", name)
        .executeTakeFirst(),
    insertProject: async (row: ProjectRow) => {
      await db.insertInto("projects").values(row).execute();
    },
  };
}

export type OrganizationRepository = ReturnType<typeof createOrganizationRepository>;

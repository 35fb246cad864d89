import { randomUUID } from "node:crypto";
import type { Organization } from "@assay/protocol";
import { notFound } from "../../app-error.ts";
import type { CatalogEntries } from "../../catalog/catalog-entries.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Database } from "../../platform/db/database.ts";
import type { OrganizationRow, ProjectRow } from "../../platform/db/schema.ts";
import type { AuthContext, ProjectScope } from "../../tenancy.ts";
import { attachCatalogToProject } from "../projects/sync-catalog.ts";
import { createOrganizationRepository } from "./repository.ts";

export interface OrganizationDeps {
  db: Database;
  clock: Clock;
  /** What a new project starts with attached. */
  catalog: CatalogEntries;
}

export function createOrganizationService(deps: OrganizationDeps) {
  const repo = createOrganizationRepository(deps.db);
  const now = () => deps.clock.now().toISOString();

  return {
    /** The caller's organization with all its projects, the key's default project first. */
    async getForKey(auth: AuthContext): Promise<Organization> {
      const org = await repo.findById(auth.organizationId);
      if (!org) throw notFound("organization");
      const projects = await repo.listProjects(org.id);
      const ordered = [
        ...projects.filter((p) => p.id === auth.defaultProjectId),
        ...projects.filter((p) => p.id !== auth.defaultProjectId),
      ];
      return {
        id: org.id,
        name: org.name,
        ...(org.owner_id ? { owner_id: org.owner_id } : {}),
        projects: ordered.map((p) => ({ id: p.id, name: p.name })),
      };
    },

    /**
     * Checks that the path's organization and project are the caller's. Another tenant's ids get
     * exactly the answer a nonexistent id gets, so ids leak nothing.
     */
    async resolveScope(
      auth: AuthContext,
      organizationId: string,
      projectId: string,
    ): Promise<ProjectScope> {
      if (organizationId !== auth.organizationId) throw notFound("organization");
      const project = await repo.findProject(organizationId, projectId);
      if (!project) throw notFound("project");
      return { organizationId, projectId };
    },

    /** Admin: the organization with this name, created when missing. */
    async ensureOrganization(name: string): Promise<OrganizationRow> {
      const existing = await repo.findByName(name);
      if (existing) return existing;
      const row = { id: randomUUID(), name, owner_id: null, created_at: now() };
      await repo.insert(row);
      return row;
    },

    /**
     * Admin: the organization's project with this name, created when missing, with the
     * (non-deprecated) catalog attached. Call inside a transaction.
     */
    async ensureProject(organizationId: string, name: string): Promise<ProjectRow> {
      const existing = await repo.findProjectByName(organizationId, name);
      if (existing) return existing;
      const row = { id: randomUUID(), organization_id: organizationId, name, created_at: now() };
      await repo.insertProject(row);
      await attachCatalogToProject(deps.db, deps.catalog, row.id, row.created_at);
      return row;
    },

    first: () => repo.first(),
    findByName: (name: string) => repo.findByName(name),
    listProjects: (organizationId: string) => repo.listProjects(organizationId),
  };
}

export type OrganizationService = ReturnType<typeof createOrganizationService>;

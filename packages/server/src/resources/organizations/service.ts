import { randomUUID } from "node:crypto";
import type { Organization } from "@assay/protocol";
import { notFound } from "../../app-error.ts";
import type { CatalogEntries } from "../../catalog/catalog-entries.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Database } from "../../platform/db/database.ts";
import type { OrganizationRow, ProjectRow } from "../../platform/db/schema.ts";
import type { RecentCache } from "../../platform/recent-cache.ts";
import type { AuthContext, ProjectScope } from "../../tenancy.ts";
import { attachCatalogToProject } from "../projects/sync-catalog.ts";
import { createOrganizationRepository } from "./repository.ts";

export interface OrganizationDeps {
  db: Database;
  clock: Clock;
  /** What a new project starts with attached. */
  catalog: CatalogEntries;
  /**
   * The serving process's organizations with their projects, for `TENANCY_CACHE_MS`; admin
   * commands pass none and read the database.
   */
  tenantCache?: RecentCache<Tenant>;
}

/** An organization with its projects: what every request's tenancy is resolved against. */
export interface Tenant {
  id: string;
  name: string;
  owner_id: string | null;
  projects: { id: string; name: string }[];
}

export function createOrganizationService(deps: OrganizationDeps) {
  const repo = createOrganizationRepository(deps.db);
  const now = () => deps.clock.now().toISOString();

  async function lookUp(organizationId: string): Promise<Tenant | undefined> {
    const rows = await repo.findWithProjects(organizationId);
    const org = rows[0];
    if (!org) return undefined;
    const projects = rows.flatMap((r) =>
      r.project_id && r.project_name ? [{ id: r.project_id, name: r.project_name }] : [],
    );
    return { id: org.id, name: org.name, owner_id: org.owner_id, projects };
  }

  /**
   * The organization, holding `projectId` when it should. A cached organization is trusted for
   * what it holds; one without the project is read again (the project may be a moment old), so
   * only a project's removal waits for the cache to expire.
   */
  async function tenant(organizationId: string, projectId: string): Promise<Tenant | undefined> {
    if (!deps.tenantCache) return lookUp(organizationId);
    const cached = await deps.tenantCache.get(organizationId, lookUp);
    if (!cached || cached.projects.some((p) => p.id === projectId)) return cached;
    return deps.tenantCache.refresh(organizationId, lookUp);
  }

  return {
    /** The caller's organization with all its projects, the key's default project first. */
    async getForKey(auth: AuthContext): Promise<Organization> {
      const org = await tenant(auth.organizationId, auth.defaultProjectId);
      if (!org) throw notFound("organization");
      const projects = org.projects;
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
      const org = await tenant(organizationId, projectId);
      if (!org?.projects.some((p) => p.id === projectId)) throw notFound("project");
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

// Who a request acts for, in the two shapes the whole server passes around: the caller behind an
// API key, and the project scope every tenant-owned row is read and written under. A module of
// its own so that routes, services, repositories and jobs share them without importing each other.

/** Who is calling: resolved from the API key on every authenticated request. */
export interface AuthContext {
  apiKeyId: string;
  organizationId: string;
  /** The project the key lists first (and the original clients therefore work in). */
  defaultProjectId: string;
}

/** The organization and project every project-scoped query is confined to. */
export interface ProjectScope {
  organizationId: string;
  projectId: string;
}

/**
 * How long a serving process may act on a tenancy fact after it changed elsewhere (a key revoked
 * by `assay keys revoke` or through another process on the same database, a project gone): keys
 * and organizations are cached that long (`platform/recent-cache.ts`), a round trip saved on
 * every request. Half the promised second, to leave room for a busy event loop.
 */
export const TENANCY_CACHE_MS = 500;

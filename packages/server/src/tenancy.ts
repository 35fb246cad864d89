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

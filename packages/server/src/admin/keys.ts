import { createApiKeyService } from "../resources/api-keys/service.ts";
import {
  createOrganizationService,
  type OrganizationDeps,
} from "../resources/organizations/service.ts";
import { DEFAULT_ORGANIZATION, DEFAULT_PROJECT } from "./bootstrap.ts";

/**
 * `assay keys …`: organizations, projects and API keys, managed directly on the configured
 * database (also while the service runs). Organizations and projects are named; a key is created
 * for a project, which becomes the key's default (first-listed) project.
 */
export function createKeyAdmin(deps: OrganizationDeps) {
  const organizations = createOrganizationService(deps);
  const apiKeys = createApiKeyService(deps);

  return {
    /** Creates the organization and the project when they do not exist yet. Shows the key once. */
    async create(input: { organization?: string; project?: string; name?: string }) {
      return deps.db.transaction().execute(async (trx) => {
        const orgs = createOrganizationService({ ...deps, db: trx });
        const keys = createApiKeyService({ db: trx, clock: deps.clock });
        const organization = await orgs.ensureOrganization(
          input.organization ?? DEFAULT_ORGANIZATION,
        );
        const project = await orgs.ensureProject(organization.id, input.project ?? DEFAULT_PROJECT);
        const created = await keys.create({
          organizationId: organization.id,
          projectId: project.id,
          name: input.name ?? "api key",
        });
        return { ...created, organization, project };
      });
    },

    async list(input: { organization?: string } = {}) {
      if (input.organization === undefined) return apiKeys.list();
      const organization = await organizations.findByName(input.organization);
      return organization ? apiKeys.list(organization.id) : [];
    },

    revoke: (id: string) => apiKeys.revoke(id),
  };
}

export type KeyAdmin = ReturnType<typeof createKeyAdmin>;

import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Logger } from "pino";
import type { CatalogEntries } from "../catalog/catalog-entries.ts";
import type { Clock } from "../platform/clock.ts";
import type { Database } from "../platform/db/database.ts";
import { createInstanceSettingsRepository } from "../platform/db/instance-settings-repository.ts";
import { createApiKeyService } from "../resources/api-keys/service.ts";
import { createOrganizationService } from "../resources/organizations/service.ts";

export const BOOTSTRAP_KEY_FILE = "bootstrap-api-key";
export const DEFAULT_ORGANIZATION = "Default Organization";
export const DEFAULT_PROJECT = "Default Project";

export interface BootstrapResult {
  /** A key generated on this start: print it once; it is also in `keyFile`. */
  generatedKey?: string;
  keyFile?: string;
}

/**
 * First start: an empty database gets a default organization, a default project and an API key.
 * The key is generated (and written to the data dir, mode 0600) unless ASSAY_BOOTSTRAP_API_KEY gives
 * one; a configured key is registered on every start until it exists, so automation can rely on it.
 */
export async function bootstrapTenancy(deps: {
  db: Database;
  clock: Clock;
  logger: Logger;
  dataDir: string;
  bootstrapApiKey?: string;
  catalog: CatalogEntries;
}): Promise<BootstrapResult> {
  return deps.db.transaction().execute(async (trx) => {
    const organizations = createOrganizationService({ ...deps, db: trx });
    const apiKeys = createApiKeyService({ db: trx, clock: deps.clock });

    // Several processes may start at once on a new database: the first to insert the marker
    // bootstraps, the others (blocked on the same row until it commits) find it there.
    const firstStart = await createInstanceSettingsRepository(trx).setOnce(
      "bootstrapped_at",
      deps.clock.now().toISOString(),
    );

    if (firstStart && !(await organizations.first())) {
      const org = await organizations.ensureOrganization(DEFAULT_ORGANIZATION);
      const project = await organizations.ensureProject(org.id, DEFAULT_PROJECT);
      if (deps.bootstrapApiKey) {
        await apiKeys.create({
          organizationId: org.id,
          projectId: project.id,
          name: "bootstrap",
          key: deps.bootstrapApiKey,
        });
        return {};
      }
      const { key } = await apiKeys.create({
        organizationId: org.id,
        projectId: project.id,
        name: "bootstrap",
      });
      const keyFile = join(deps.dataDir, BOOTSTRAP_KEY_FILE);
      writeKeyFile(deps.dataDir, keyFile, key);
      return { generatedKey: key, keyFile };
    }

    if (deps.bootstrapApiKey) {
      const state = await apiKeys.exists(deps.bootstrapApiKey);
      if (state === "revoked") {
        deps.logger.warn(
          "ASSAY_BOOTSTRAP_API_KEY was revoked; it stays revoked (remove it from the configuration)",
        );
      } else if (state === undefined) {
        const org =
          (await organizations.first()) ??
          (await organizations.ensureOrganization(DEFAULT_ORGANIZATION));
        const [project] = await organizations.listProjects(org.id);
        const target = project ?? (await organizations.ensureProject(org.id, DEFAULT_PROJECT));
        await apiKeys.create({
          organizationId: org.id,
          projectId: target.id,
          name: "bootstrap",
          key: deps.bootstrapApiKey,
        });
      }
    }
    return {};
  });
}

/**
 * Writes the key readable by its owner only. The data dir may not exist yet (with ASSAY_MASTER_KEY
 * set, nothing else needs it on PostgreSQL), and `mode` only applies to a new file, so a file left
 * by an earlier database is removed rather than overwritten with whatever mode it had.
 */
function writeKeyFile(dataDir: string, keyFile: string, key: string) {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  rmSync(keyFile, { force: true });
  writeFileSync(keyFile, `${key}\n`, { flag: "wx", mode: 0o600 });
}

import { randomUUID } from "node:crypto";
import type { Clock } from "../../platform/clock.ts";
import {
  displayApiKey,
  generateApiKey,
  hashApiKey,
} from "../../platform/crypto/api-key-material.ts";
import type { Database } from "../../platform/db/database.ts";
import type { RecentCache } from "../../platform/recent-cache.ts";
import type { AuthContext } from "../../tenancy.ts";
import { createApiKeyRepository } from "./repository.ts";

/** Recording last use on every request would turn each read into a write; once a minute is plenty. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * API keys. The serving process passes a `keyCache` of callers by key hash: a key revoked elsewhere
 * is then refused within `TENANCY_CACHE_MS`; admin commands pass none and read the database.
 */
export function createApiKeyService(deps: {
  db: Database;
  clock: Clock;
  keyCache?: RecentCache<AuthContext>;
}) {
  const repo = createApiKeyRepository(deps.db);
  const now = () => deps.clock.now().toISOString();

  async function lookUp(keyHash: string): Promise<AuthContext | undefined> {
    const row = await repo.findActiveByHash(keyHash);
    if (!row) return undefined;
    const last = row.last_used_at ? Date.parse(row.last_used_at) : 0;
    if (deps.clock.now().getTime() - last > TOUCH_INTERVAL_MS) await repo.touch(row.id, now());
    return {
      apiKeyId: row.id,
      organizationId: row.organization_id,
      defaultProjectId: row.project_id,
    };
  }

  return {
    /** The caller behind a key, or undefined for an unknown or revoked key. */
    authenticate(key: string): Promise<AuthContext | undefined> {
      const keyHash = hashApiKey(key);
      return deps.keyCache ? deps.keyCache.get(keyHash, lookUp) : lookUp(keyHash);
    },

    /**
     * The same, read from the database whatever is cached (and the cache brought up to date): for
     * granting something that outlives the request, a dashboard session, a revoked key is refused
     * at once, not within `TENANCY_CACHE_MS`.
     */
    authenticateNow(key: string): Promise<AuthContext | undefined> {
      const keyHash = hashApiKey(key);
      return deps.keyCache ? deps.keyCache.refresh(keyHash, lookUp) : lookUp(keyHash);
    },

    /**
     * Creates a key for a project and returns it: the only time the key is ever shown. A given
     * `key` (the configured bootstrap key) is stored as given instead of a generated one.
     */
    async create(input: { organizationId: string; projectId: string; name: string; key?: string }) {
      const key = input.key ?? generateApiKey();
      const id = randomUUID();
      await repo.insert({
        id,
        organization_id: input.organizationId,
        project_id: input.projectId,
        name: input.name,
        key_hash: hashApiKey(key),
        display: displayApiKey(key),
        created_at: now(),
        last_used_at: null,
        revoked_at: null,
      });
      return { id, key, display: displayApiKey(key) };
    },

    /** Whether a key (revoked or not) is already registered. */
    async exists(key: string): Promise<"active" | "revoked" | undefined> {
      const row = await repo.findByHash(hashApiKey(key));
      if (!row) return undefined;
      return row.revoked_at ? "revoked" : "active";
    },

    list: (organizationId?: string) => repo.list(organizationId),

    /** Revokes by id; answers false when there is no such active key. Serving processes refuse it within `TENANCY_CACHE_MS`. */
    revoke: (id: string) => repo.revoke(id, now()),
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;

import { createHash, randomBytes } from "node:crypto";
import type { Clock } from "../../platform/clock.ts";
import type { Database } from "../../platform/db/database.ts";
import type { AuthContext } from "../../tenancy.ts";
import type { ApiKeyService } from "../api-keys/service.ts";
import { createUiSessionRepository } from "./repository.ts";

/** Moving the expiry on every request would turn each read into a write; once a minute is plenty. */
const TOUCH_INTERVAL_MS = 60_000;

const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/**
 * Dashboard sessions: an API key is exchanged once for a random 256-bit token (the cookie); the
 * page never holds the key. A session acts as its key (organization, project, rate-limit bucket)
 * and ends when the key is revoked, when it is signed out, or after `ttlSeconds` without use.
 */
export function createUiSessionService(deps: {
  db: Database;
  clock: Clock;
  apiKeys: ApiKeyService;
  ttlSeconds: number;
}) {
  const repo = createUiSessionRepository(deps.db);
  const expiry = (from: Date) => new Date(from.getTime() + deps.ttlSeconds * 1000).toISOString();

  return {
    /** A new session's token for a valid key, or undefined for an unknown or revoked key. */
    async create(apiKey: string): Promise<string | undefined> {
      const auth = await deps.apiKeys.authenticateNow(apiKey);
      if (!auth) return undefined;
      const now = deps.clock.now();
      await repo.deleteExpired(now.toISOString());
      const token = randomBytes(32).toString("base64url");
      await repo.insert({
        token_hash: hashToken(token),
        api_key_id: auth.apiKeyId,
        created_at: now.toISOString(),
        last_seen_at: now.toISOString(),
        expires_at: expiry(now),
      });
      return token;
    },

    /** The caller behind a session token, or undefined when it is unknown, expired or revoked. */
    async authenticate(token: string): Promise<AuthContext | undefined> {
      const now = deps.clock.now();
      const tokenHash = hashToken(token);
      const row = await repo.findActive(tokenHash, now.toISOString());
      if (!row) return undefined;
      if (now.getTime() - Date.parse(row.last_seen_at) > TOUCH_INTERVAL_MS) {
        await repo.touch(tokenHash, now.toISOString(), expiry(now));
      }
      return {
        apiKeyId: row.api_key_id,
        organizationId: row.organization_id,
        defaultProjectId: row.project_id,
      };
    },

    end: (token: string) => repo.delete(hashToken(token)),
  };
}

export type UiSessionService = ReturnType<typeof createUiSessionService>;

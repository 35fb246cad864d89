import type { FastifyRequest } from "fastify";
import { AppError } from "../app-error.ts";
import type { ApiKeyService, AuthContext } from "../resources/api-keys/service.ts";

/** Longer than any key we issue or accept; hashing megabytes of header is not our job. */
const MAX_KEY_LENGTH = 512;

/** The API key from `x-api-key`, or from `Authorization: Bearer <key>` (same keys, either header). */
export function apiKeyFrom(request: FastifyRequest): string | undefined {
  const header = request.headers["x-api-key"];
  if (typeof header === "string" && header.trim() !== "") return header.trim();
  const authorization = request.headers.authorization;
  const bearer = authorization && /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return bearer ? bearer[1] : undefined;
}

export async function authenticate(
  request: FastifyRequest,
  apiKeys: ApiKeyService,
): Promise<AuthContext> {
  const key = apiKeyFrom(request);
  if (!key) {
    throw new AppError("UNAUTHENTICATED", "missing API key: send it in the x-api-key header");
  }
  const auth = key.length <= MAX_KEY_LENGTH ? await apiKeys.authenticate(key) : undefined;
  if (!auth) throw new AppError("UNAUTHENTICATED", "invalid or revoked API key");
  return auth;
}

import { isIP } from "node:net";
import {
  classifyAddress,
  isAddressAllowed,
  isHostNameAllowed,
  isLocalhostName,
  isMetadataHostName,
  normalizeHostName,
} from "./address-policy.ts";
import {
  type HostLookup,
  isUnresolvedError,
  type ResolvedAddress,
  systemLookup,
} from "./host-lookup.ts";
import type { HostRule } from "./host-rules.ts";

export const MAX_MODEL_URL_LENGTH = 2048;
/** DNS limits (RFC 1035): past them the resolver fails with EINVAL rather than "not found". */
const MAX_HOST_NAME_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;

export type ModelUrlProblem =
  | "invalid_url"
  | "too_long"
  | "scheme"
  | "credentials"
  | "host_name"
  | "internal_address"
  | "metadata_address";

/**
 * How to allow a refused host, said wherever one is refused: the list is the service's, read when
 * it starts, so a user who only sees the dashboard or the CLI learns it is not a setting of theirs
 * and that changing it takes a restart.
 */
export const ALLOW_HOST_HINT =
  "ALLOWED_MODEL_HOSTS is a setting of the service (its environment or .env): add the host there and restart the service";

// Fixed texts: the caller shows them to the user, so they never carry what DNS said about an
// internal name (that would turn the endpoint into a resolver for the private network).
const MESSAGES: Record<ModelUrlProblem, string> = {
  invalid_url: "api_url is not a valid URL",
  too_long: `api_url must be at most ${MAX_MODEL_URL_LENGTH} characters`,
  scheme: "api_url must use http or https",
  credentials: "api_url must not contain credentials",
  host_name: `api_url's host must be a DNS name of at most ${MAX_HOST_NAME_LENGTH} characters, each label at most ${MAX_LABEL_LENGTH}`,
  internal_address: `api_url points to a private, loopback or link-local address; to allow it: ${ALLOW_HOST_HINT}`,
  metadata_address: "api_url points to a cloud metadata address",
};

/** A model `api_url` the outbound policy refuses; `message` is safe to show to the user. */
export class ModelUrlError extends Error {
  override name = "ModelUrlError";
  readonly reason: ModelUrlProblem;

  constructor(reason: ModelUrlProblem) {
    super(MESSAGES[reason]);
    this.reason = reason;
  }
}

export interface CheckModelUrlOptions {
  rules: readonly HostRule[];
  lookup?: HostLookup;
  /** A slow resolver must not hold the request; past this the name counts as unresolved. */
  lookupTimeoutMs?: number;
}

/**
 * The create-time check of a model `api_url`. A name that does not resolve is accepted: the
 * endpoint may only exist where the workers run, and the guarded dispatcher checks the address
 * actually connected to anyway (DNS rebinding makes this check advisory, never sufficient).
 */
export async function checkModelUrl(raw: string, options: CheckModelUrlOptions): Promise<void> {
  if (raw.length > MAX_MODEL_URL_LENGTH) throw new ModelUrlError("too_long");
  let url: URL;
  try {
    // WHATWG parsing normalises 2130706433, 0x7f000001, 0177.0.0.1, 127.1, %-escapes and IDN.
    url = new URL(raw);
  } catch {
    throw new ModelUrlError("invalid_url");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ModelUrlError("scheme");
  if (url.username !== "" || url.password !== "") throw new ModelUrlError("credentials");

  const host = normalizeHostName(url.hostname);
  if (host === "") throw new ModelUrlError("invalid_url");
  if (isIP(host) === 0 && !isValidDnsName(host)) throw new ModelUrlError("host_name");
  if (isMetadataHostName(host)) throw new ModelUrlError("metadata_address");
  const port = url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port);
  const { rules } = options;

  if (isIP(host) !== 0) {
    refuseBlocked([host], port, undefined, rules);
    return;
  }
  const addresses = await resolve(
    host,
    options.lookup ?? systemLookup,
    options.lookupTimeoutMs ?? 5000,
  );
  if (addresses === undefined) {
    if (isLocalhostName(host) && !isHostNameAllowed(host, port, rules)) {
      throw new ModelUrlError("internal_address");
    }
    return;
  }
  refuseBlocked(
    addresses.map((a) => a.address),
    port,
    host,
    rules,
  );
}

/**
 * The URL to POST a chat completion to: `api_url` itself when it already names the endpoint,
 * otherwise the base URL with `/chat/completions` appended (query kept, fragment dropped).
 */
export function chatCompletionsUrl(apiUrl: string): string {
  const url = new URL(apiUrl);
  url.hash = "";
  const path = url.pathname.replace(/\/+$/, "");
  if (path.endsWith("/chat/completions")) return url.href;
  url.pathname = `${path}/chat/completions`;
  return url.href;
}

/** Refuses when ANY address is blocked: the connection may use any of them. */
function refuseBlocked(
  addresses: readonly string[],
  port: number,
  hostName: string | undefined,
  rules: readonly HostRule[],
): void {
  if (addresses.some((a) => classifyAddress(a).kind === "metadata")) {
    throw new ModelUrlError("metadata_address");
  }
  if (!addresses.every((a) => isAddressAllowed(a, port, hostName, rules))) {
    throw new ModelUrlError("internal_address");
  }
}

/** The addresses of `host`, or undefined when it does not resolve (in time). */
async function resolve(
  host: string,
  lookup: HostLookup,
  timeoutMs: number,
): Promise<ResolvedAddress[] | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((settle) => {
    timer = setTimeout(settle, timeoutMs, undefined);
  });
  try {
    const addresses = await Promise.race([lookup(host), timeout]);
    return addresses === undefined || addresses.length === 0 ? undefined : addresses;
  } catch (error) {
    if (isUnresolvedError(error)) return undefined;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** `host` is normalized (lowercase, no trailing dot). */
function isValidDnsName(host: string): boolean {
  return (
    host.length <= MAX_HOST_NAME_LENGTH &&
    host.split(".").every((label) => label.length > 0 && label.length <= MAX_LABEL_LENGTH)
  );
}

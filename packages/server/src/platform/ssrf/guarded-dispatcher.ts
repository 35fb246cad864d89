import type { LookupAddress } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import { Agent, buildConnector, type Dispatcher } from "undici";
import { isAddressAllowed, isMetadataHostName, normalizeHostName } from "./address-policy.ts";
import { type HostLookup, systemLookup } from "./host-lookup.ts";
import type { HostRule } from "./host-rules.ts";

/** `code` of the connect error raised when the policy refuses the address about to be dialled. */
export const MODEL_URL_BLOCKED = "ERR_MODEL_URL_BLOCKED";

/** Fixed message: it may end up in a sample's error, so it names no address. */
export class ModelUrlBlockedError extends Error {
  override name = "ModelUrlBlockedError";
  readonly code: typeof MODEL_URL_BLOCKED = MODEL_URL_BLOCKED;

  constructor() {
    super("connection refused: the model endpoint resolves to a blocked address");
  }
}

export interface GuardedDispatcherOptions {
  rules: readonly HostRule[];
  /** Default 10 s. */
  connectTimeoutMs?: number;
  lookup?: HostLookup;
}

/**
 * An undici Agent for model calls whose sockets can only reach addresses the outbound policy
 * allows. The check runs inside the socket's own DNS lookup, so the address connected to is the
 * address validated (no rebinding window); IP literals, which net.connect never looks up, are
 * checked before dialling. Unix sockets are impossible: the connector is built without
 * `socketPath`. Redirects are not followed: undici's `request` returns a 3xx as is unless a
 * redirect interceptor is composed in, and none is.
 *
 * One dispatcher serves one rule set. Never share one across policies: a kept-alive socket opened
 * under a permissive policy would be reused for a stricter one without a new check.
 */
export function createGuardedDispatcher(options: GuardedDispatcherOptions): Dispatcher {
  const { rules } = options;
  const lookup = options.lookup ?? systemLookup;
  const timeout = options.connectTimeoutMs ?? 10_000;

  // net.connect does not tell the lookup the port, and `host:port` rules need it, so each port
  // gets its own connector (a handful in practice; each keeps its own TLS session cache).
  const connectors = new Map<number, buildConnector.connector>();
  const connectorFor = (port: number): buildConnector.connector => {
    let connector = connectors.get(port);
    if (connector === undefined) {
      connector = buildConnector({ timeout, lookup: guardedLookup(lookup, port, rules) });
      connectors.set(port, connector);
    }
    return connector;
  };

  return new Agent({
    connect(connectOptions, callback) {
      const port = effectivePort(connectOptions.port, connectOptions.protocol);
      const host = normalizeHostName(connectOptions.hostname);
      const blocked =
        isMetadataHostName(host) ||
        (isIP(host) !== 0 && !isAddressAllowed(host, port, undefined, rules));
      if (blocked) {
        queueMicrotask(() => callback(new ModelUrlBlockedError(), null));
        return;
      }
      connectorFor(port)(connectOptions, callback);
    },
  });
}

function effectivePort(port: string, protocol: string): number {
  if (port !== "") return Number(port);
  return protocol === "https:" ? 443 : 80;
}

/** A net.connect `lookup` that refuses the connection when ANY resolved address is blocked. */
function guardedLookup(
  lookup: HostLookup,
  port: number,
  rules: readonly HostRule[],
): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    const name = normalizeHostName(hostname);
    Promise.resolve()
      .then(() => lookup(name))
      .then(
        (found) => {
          if (found.some((a) => !isAddressAllowed(a.address, port, name, rules))) {
            callback(new ModelUrlBlockedError(), "");
            return;
          }
          const family = familyNumber(lookupOptions.family);
          const usable: LookupAddress[] = found
            .filter((a) => family === 0 || a.family === family)
            .map((a) => ({ address: a.address, family: a.family }));
          const first = usable[0];
          if (first === undefined) {
            callback(
              Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: "ENOTFOUND" }),
              "",
            );
          } else if (lookupOptions.all) {
            callback(null, usable);
          } else {
            callback(null, first.address, first.family);
          }
        },
        (error: NodeJS.ErrnoException) => callback(error, ""),
      );
  };
}

function familyNumber(family: number | string | undefined): number {
  if (family === 4 || family === "IPv4") return 4;
  if (family === 6 || family === "IPv6") return 6;
  return 0;
}

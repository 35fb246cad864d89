import { lookup } from "node:dns/promises";

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address; injected in tests so they never touch real DNS. */
export type HostLookup = (hostName: string) => Promise<ResolvedAddress[]>;

/** The system resolver (getaddrinfo, so /etc/hosts counts), every address. */
export const systemLookup: HostLookup = (hostName) => lookup(hostName, { all: true });

/** Codes for "this name does not resolve (now)", as opposed to a bug in the lookup itself. */
const UNRESOLVED_CODES = new Set([
  "ENOTFOUND",
  "EAI_AGAIN",
  "EAI_FAIL",
  "ENODATA",
  "ESERVFAIL",
  "ETIMEOUT",
]);

export function isUnresolvedError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && UNRESOLVED_CODES.has(code);
}

import ipaddr from "ipaddr.js";
import type { HostRule } from "./host-rules.ts";

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * `public`: ordinary unicast space, always reachable. `internal`: loopback, private, link-local,
 * CGNAT, unique-local, reserved, multicast... reachable only through an ALLOWED_MODEL_HOSTS rule.
 * `metadata`: a cloud instance-metadata endpoint, never reachable (GitLab #628701).
 */
export type AddressKind = "public" | "internal" | "metadata";

export interface AddressClassification {
  kind: AddressKind;
  /** ipaddr.js range name (`loopback`, `private`, `rfc6052`...), or `metadata` / `invalid`. */
  range: string;
}

/** Instance-metadata endpoints: AWS (IMDS, ECS, EKS Pod Identity), GCP/Azure/OCI, Alibaba. */
const METADATA_ADDRESSES = new Set(
  [
    "169.254.169.254",
    "169.254.170.2",
    "169.254.170.23",
    "100.100.100.200",
    "fd00:ec2::254",
    "fd00:ec2::23",
  ].map((a) => ipaddr.parse(a).toNormalizedString()),
);

const METADATA_HOST_NAMES = new Set(["metadata.google.internal"]);

/** Lower case, without IPv6 brackets and without the trailing dot of an absolute name. */
export function normalizeHostName(host: string): string {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  return bare.toLowerCase().replace(/\.+$/, "");
}

/** Names that designate a metadata service whatever they resolve to (or fail to). */
export function isMetadataHostName(host: string): boolean {
  return METADATA_HOST_NAMES.has(normalizeHostName(host));
}

/** `localhost` and `*.localhost` are loopback by definition (RFC 6761), resolvable or not. */
export function isLocalhostName(host: string): boolean {
  const name = normalizeHostName(host);
  return name === "localhost" || name.endsWith(".localhost");
}

/** Classifies an IP address; IPv4-mapped IPv6 is unmapped first, anything unparsable is internal. */
export function classifyAddress(address: string): AddressClassification {
  const ip = parseAddress(address);
  return ip === undefined ? { kind: "internal", range: "invalid" } : classify(ip);
}

/**
 * The whole outbound decision for one address: public space passes, metadata never does, and
 * anything else only when a rule names it. `hostName` is the name the caller asked for (undefined
 * for an IP literal); `port` is the effective port (80/443 when the URL has none).
 */
export function isAddressAllowed(
  address: string,
  port: number,
  hostName: string | undefined,
  rules: readonly HostRule[],
): boolean {
  const ip = parseAddress(address);
  if (ip === undefined) return false;
  const { kind } = classify(ip);
  if (kind === "public") return true;
  if (kind === "metadata") return false;
  if (hostName !== undefined && isHostNameAllowed(hostName, port, rules)) return true;
  return rules.some((rule) => ruleMatchesAddress(rule, ip, port));
}

/** True when a `host` rule names exactly this host (and this port, when the rule has one). */
export function isHostNameAllowed(
  hostName: string,
  port: number,
  rules: readonly HostRule[],
): boolean {
  const name = normalizeHostName(hostName);
  if (isMetadataHostName(name)) return false;
  return rules.some(
    (rule) =>
      rule.kind === "host" &&
      (rule.port === undefined || rule.port === port) &&
      normalizeHostName(rule.host) === name,
  );
}

function ruleMatchesAddress(rule: HostRule, ip: Address, port: number): boolean {
  if (rule.kind === "host") {
    // `127.0.0.1:8000` and `[::1]:8000` parse as host rules; they name one address and one port.
    const ruleIp = parseAddress(rule.host);
    return (
      ruleIp !== undefined &&
      (rule.port === undefined || rule.port === port) &&
      ruleIp.kind() === ip.kind() &&
      ruleIp.toNormalizedString() === ip.toNormalizedString()
    );
  }
  const range = parseRange(rule.address, rule.prefix);
  if (range === undefined) return false;
  const [network, prefix] = range;
  return network.kind() === ip.kind() && ip.match(network, prefix);
}

function parseAddress(address: string): Address | undefined {
  const text = normalizeHostName(address);
  if (!ipaddr.isValid(text)) return undefined;
  try {
    return ipaddr.process(text);
  } catch {
    return undefined;
  }
}

/** A rule written as `::ffff:10.0.0.0/104` means the IPv4 range, as the addresses are unmapped. */
function parseRange(address: string, prefix: number): [Address, number] | undefined {
  if (!ipaddr.isValid(address)) return undefined;
  const network = ipaddr.parse(address);
  if (network.kind() === "ipv6" && prefix >= 96) {
    const v6 = network as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return [v6.toIPv4Address(), prefix - 96];
  }
  return [network, prefix];
}

function classify(ip: Address): AddressClassification {
  if (METADATA_ADDRESSES.has(ip.toNormalizedString()))
    return { kind: "metadata", range: "metadata" };
  if (ip.kind() === "ipv4") {
    const range = (ip as ipaddr.IPv4).range();
    return { kind: range === "unicast" ? "public" : "internal", range };
  }
  const v6 = ip as ipaddr.IPv6;
  const range = v6.range();
  const embedded = embeddedIPv4(v6, range);
  if (embedded !== undefined) {
    const inner = classify(embedded);
    if (inner.kind === "metadata") return inner;
    // Only the well-known NAT64 prefix translates to the embedded address (DNS64 on IPv6-only
    // hosts); 6to4 and IPv4-compatible forms have no legitimate use for a model endpoint.
    if (range === "rfc6052" && v6.parts[2] === 0) return { kind: inner.kind, range };
    return { kind: "internal", range };
  }
  return { kind: range === "unicast" ? "public" : "internal", range };
}

/** The IPv4 address carried by NAT64 (64:ff9b::/96), 6to4 (2002::/16) or IPv4-compatible (::/96). */
function embeddedIPv4(ip: ipaddr.IPv6, range: string): ipaddr.IPv4 | undefined {
  const p = ip.parts;
  const word = (hi: number, lo: number) =>
    new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  if (range === "rfc6052" && p[2] === 0) return word(p[6] ?? 0, p[7] ?? 0);
  if (range === "6to4") return word(p[1] ?? 0, p[2] ?? 0);
  if (p.slice(0, 6).every((part) => part === 0) && range === "unicast") {
    // ipaddr.js calls the deprecated IPv4-compatible `::7f00:1` unicast; it is not.
    return word(p[6] ?? 0, p[7] ?? 0);
  }
  return undefined;
}

import { isIP } from "node:net";

/**
 * One entry of ALLOWED_MODEL_HOSTS: an exact host name (optionally with a port), or an address
 * range. Exempts model endpoints from the private-address refusal; an entry for 127.0.0.1 does
 * not allow 127.0.0.2 (GitLab #293733).
 */
export type HostRule =
  | { kind: "host"; host: string; port?: number }
  | { kind: "cidr"; address: string; prefix: number; family: 4 | 6 };

/** Parses `host`, `host:port`, `[v6]:port`, an IP, or a CIDR; throws with the reason otherwise. */
export function parseHostRule(entry: string): HostRule {
  const value = entry.trim().toLowerCase();
  if (value.length === 0) throw new Error("empty entry");

  const slash = value.indexOf("/");
  if (slash >= 0) {
    const address = value.slice(0, slash);
    const family = isIP(address);
    const prefixText = value.slice(slash + 1);
    const prefix = Number(prefixText);
    const max = family === 4 ? 32 : 128;
    if (family === 0) throw new Error(`"${entry}" is not a CIDR range: bad address`);
    if (!/^\d+$/.test(prefixText) || prefix > max) {
      throw new Error(`"${entry}" is not a CIDR range: prefix must be 0-${max}`);
    }
    return { kind: "cidr", address, prefix, family: family as 4 | 6 };
  }

  const family = isIP(value);
  if (family !== 0) {
    return {
      kind: "cidr",
      address: value,
      prefix: family === 4 ? 32 : 128,
      family: family as 4 | 6,
    };
  }

  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(value);
  if (bracketed) {
    const [, address = "", port] = bracketed;
    if (isIP(address) !== 6) throw new Error(`"${entry}" has an invalid IPv6 address`);
    return port === undefined
      ? { kind: "cidr", address, prefix: 128, family: 6 }
      : hostWithPort(address, port, entry);
  }

  const [host = "", port, ...rest] = value.split(":");
  if (rest.length > 0) throw new Error(`"${entry}" is not a host, host:port, IP or CIDR`);
  if (
    !/^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*\.?$/.test(
      host,
    )
  ) {
    throw new Error(`"${entry}" is not a valid host name`);
  }
  return port === undefined
    ? { kind: "host", host: host.replace(/\.$/, "") }
    : hostWithPort(host.replace(/\.$/, ""), port, entry);
}

function hostWithPort(host: string, portText: string, entry: string): HostRule {
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535) {
    throw new Error(`"${entry}" has an invalid port`);
  }
  return { kind: "host", host, port };
}

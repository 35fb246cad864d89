import { describe, expect, it } from "vitest";
import { parseHostRule } from "./host-rules.ts";

describe("parseHostRule", () => {
  it.each([
    ["localhost", { kind: "host", host: "localhost" }],
    ["Ollama.local.", { kind: "host", host: "ollama.local" }],
    ["localhost:11434", { kind: "host", host: "localhost", port: 11434 }],
    ["127.0.0.1", { kind: "cidr", address: "127.0.0.1", prefix: 32, family: 4 }],
    ["192.168.0.0/16", { kind: "cidr", address: "192.168.0.0", prefix: 16, family: 4 }],
    ["::1", { kind: "cidr", address: "::1", prefix: 128, family: 6 }],
    ["fd00::/8", { kind: "cidr", address: "fd00::", prefix: 8, family: 6 }],
    ["[::1]:8000", { kind: "host", host: "::1", port: 8000 }],
  ])("parses %s", (entry, rule) => {
    expect(parseHostRule(entry)).toEqual(rule);
  });

  it.each([
    ["", "empty entry"],
    ["host:0", "invalid port"],
    ["host:70000", "invalid port"],
    ["a:b:c", "is not a host, host:port, IP or CIDR"],
    ["300.1.1.1/8", "bad address"],
    ["::1/129", "prefix must be 0-128"],
    ["under_score", "is not a valid host name"],
    ["[zz]:1", "invalid IPv6 address"],
  ])("refuses %j", (entry, message) => {
    expect(() => parseHostRule(entry)).toThrow(message);
  });
});

import { describe, expect, it } from "vitest";
import {
  classifyAddress,
  isAddressAllowed,
  isHostNameAllowed,
  isLocalhostName,
  isMetadataHostName,
  normalizeHostName,
} from "./address-policy.ts";
import { parseHostRule } from "./host-rules.ts";

const rules = (...entries: string[]) => entries.map(parseHostRule);

describe("classifyAddress", () => {
  it.each([
    ["93.184.216.34", "public", "unicast"],
    ["8.8.8.8", "public", "unicast"],
    ["2606:4700::1111", "public", "unicast"],
    ["::ffff:93.184.216.34", "public", "unicast"],
    ["64:ff9b::5db8:d822", "public", "rfc6052"],
    ["127.0.0.1", "internal", "loopback"],
    ["127.255.255.254", "internal", "loopback"],
    ["::1", "internal", "loopback"],
    ["::ffff:127.0.0.1", "internal", "loopback"],
    ["::ffff:7f00:1", "internal", "loopback"],
    ["0.0.0.0", "internal", "unspecified"],
    ["::", "internal", "unspecified"],
    ["10.1.2.3", "internal", "private"],
    ["172.16.0.1", "internal", "private"],
    ["172.31.255.255", "internal", "private"],
    ["192.168.1.1", "internal", "private"],
    ["100.64.0.1", "internal", "carrierGradeNat"],
    ["169.254.1.1", "internal", "linkLocal"],
    ["fe80::1", "internal", "linkLocal"],
    ["fe80::1%eth0", "internal", "linkLocal"],
    ["fc00::1", "internal", "uniqueLocal"],
    ["fd12:3456::1", "internal", "uniqueLocal"],
    ["64:ff9b::7f00:1", "internal", "rfc6052"],
    ["64:ff9b::a00:1", "internal", "rfc6052"],
    ["64:ff9b:1::5db8:d822", "internal", "rfc6052"],
    ["2002:7f00:1::", "internal", "6to4"],
    ["2002:5db8:d822::", "internal", "6to4"],
    ["::7f00:1", "internal", "unicast"],
    ["::ffff:0:7f00:1", "internal", "rfc6145"],
    ["2001:db8::1", "internal", "reserved"],
    ["224.0.0.1", "internal", "multicast"],
    ["ff02::1", "internal", "multicast"],
    ["255.255.255.255", "internal", "broadcast"],
    ["192.0.2.1", "internal", "reserved"],
    ["240.0.0.1", "internal", "reserved"],
    ["169.254.169.254", "metadata", "metadata"],
    ["169.254.170.2", "metadata", "metadata"],
    ["100.100.100.200", "metadata", "metadata"],
    ["fd00:ec2::254", "metadata", "metadata"],
    ["fd00:ec2:0::254", "metadata", "metadata"],
    ["::ffff:169.254.169.254", "metadata", "metadata"],
    ["::ffff:a9fe:a9fe", "metadata", "metadata"],
    ["64:ff9b::a9fe:a9fe", "metadata", "metadata"],
    ["not-an-ip", "internal", "invalid"],
    ["", "internal", "invalid"],
    // ipaddr.js reads inet_aton spellings the way the URL parser does.
    ["127.1", "internal", "loopback"],
    ["0x7f000001", "internal", "loopback"],
    ["2130706433", "internal", "loopback"],
  ])("%s is %s (%s)", (address, kind, range) => {
    expect(classifyAddress(address)).toEqual({ kind, range });
  });
});

describe("isAddressAllowed", () => {
  it("passes public addresses without any rule", () => {
    expect(isAddressAllowed("93.184.216.34", 443, "api.example.test", [])).toBe(true);
    expect(isAddressAllowed("2606:4700::1111", 443, undefined, [])).toBe(true);
  });

  it("refuses internal addresses without a rule", () => {
    expect(isAddressAllowed("127.0.0.1", 80, undefined, [])).toBe(false);
    expect(isAddressAllowed("127.0.0.1", 80, "localhost", [])).toBe(false);
    expect(isAddressAllowed("garbage", 80, undefined, rules("0.0.0.0/0"))).toBe(false);
  });

  it("matches a single-address rule exactly (GitLab #293733)", () => {
    const allow = rules("127.0.0.1");
    expect(isAddressAllowed("127.0.0.1", 8000, undefined, allow)).toBe(true);
    expect(isAddressAllowed("::ffff:127.0.0.1", 8000, undefined, allow)).toBe(true);
    expect(isAddressAllowed("127.0.0.2", 8000, undefined, allow)).toBe(false);
    expect(isAddressAllowed("::1", 8000, undefined, allow)).toBe(false);
    expect(isAddressAllowed("10.0.0.1", 8000, undefined, allow)).toBe(false);
  });

  it("matches CIDR ranges within their family", () => {
    const allow = rules("10.0.0.0/8", "fd00::/8");
    expect(isAddressAllowed("10.255.0.1", 80, undefined, allow)).toBe(true);
    expect(isAddressAllowed("11.0.0.1", 80, undefined, allow)).toBe(true); // public anyway
    expect(isAddressAllowed("172.16.0.1", 80, undefined, allow)).toBe(false);
    expect(isAddressAllowed("fd12::1", 80, undefined, allow)).toBe(true);
    expect(isAddressAllowed("fc00::1", 80, undefined, allow)).toBe(false);
  });

  it("unmaps IPv4-mapped rules too", () => {
    const allow = rules("::ffff:10.0.0.0/104");
    expect(isAddressAllowed("10.1.2.3", 80, undefined, allow)).toBe(true);
    expect(isAddressAllowed("11.0.0.0", 80, undefined, allow)).toBe(true);
    expect(isAddressAllowed("192.168.0.1", 80, undefined, allow)).toBe(false);
  });

  it("lets a host rule allow the addresses of that name, on its port only", () => {
    const allow = rules("localhost:11434", "gpu-box");
    expect(isAddressAllowed("127.0.0.1", 11434, "localhost", allow)).toBe(true);
    expect(isAddressAllowed("::1", 11434, "LOCALHOST.", allow)).toBe(true);
    expect(isAddressAllowed("127.0.0.1", 11435, "localhost", allow)).toBe(false);
    expect(isAddressAllowed("127.0.0.1", 11434, undefined, allow)).toBe(false);
    expect(isAddressAllowed("127.0.0.1", 11434, "other", allow)).toBe(false);
    expect(isAddressAllowed("192.168.1.50", 1, "gpu-box", allow)).toBe(true);
    expect(isAddressAllowed("192.168.1.50", 1, "gpu-box.lan", allow)).toBe(false);
  });

  it("treats host:port rules written with an IP as that address on that port", () => {
    const allow = rules("127.0.0.1:8000", "[::1]:8000");
    expect(isAddressAllowed("127.0.0.1", 8000, undefined, allow)).toBe(true);
    expect(isAddressAllowed("127.0.0.1", 8001, undefined, allow)).toBe(false);
    expect(isAddressAllowed("::1", 8000, undefined, allow)).toBe(true);
    expect(isAddressAllowed("::1", 8001, undefined, allow)).toBe(false);
  });

  it("never allows metadata addresses, whatever the rules", () => {
    const allow = rules(
      "0.0.0.0/0",
      "::/0",
      "169.254.0.0/16",
      "169.254.169.254",
      "fd00::/8",
      "imds",
      "100.64.0.0/10",
    );
    expect(isAddressAllowed("169.254.169.254", 80, "imds", allow)).toBe(false);
    expect(isAddressAllowed("::ffff:169.254.169.254", 80, undefined, allow)).toBe(false);
    expect(isAddressAllowed("fd00:ec2::254", 80, undefined, allow)).toBe(false);
    expect(isAddressAllowed("100.100.100.200", 80, undefined, allow)).toBe(false);
    expect(isAddressAllowed("169.254.1.1", 80, undefined, allow)).toBe(true);
  });
});

describe("host names", () => {
  it("normalises case, brackets and the trailing dot", () => {
    expect(normalizeHostName("LocalHost.")).toBe("localhost");
    expect(normalizeHostName("[::1]")).toBe("::1");
  });

  it("recognises metadata and localhost names", () => {
    expect(isMetadataHostName("metadata.google.internal")).toBe(true);
    expect(isMetadataHostName("Metadata.Google.Internal.")).toBe(true);
    expect(isMetadataHostName("google.internal")).toBe(false);
    expect(isLocalhostName("localhost.")).toBe(true);
    expect(isLocalhostName("api.localhost")).toBe(true);
    expect(isLocalhostName("notlocalhost")).toBe(false);
  });

  it("allows names only through host rules, never metadata names", () => {
    const allow = rules("localhost:8000", "metadata.google.internal", "10.0.0.0/8");
    expect(isHostNameAllowed("localhost", 8000, allow)).toBe(true);
    expect(isHostNameAllowed("localhost", 8001, allow)).toBe(false);
    expect(isHostNameAllowed("metadata.google.internal", 80, allow)).toBe(false);
  });
});

import { describe, expect, it, vi } from "vitest";
import type { HostLookup } from "./host-lookup.ts";
import { parseHostRule } from "./host-rules.ts";
import {
  chatCompletionsUrl,
  checkModelUrl,
  MAX_MODEL_URL_LENGTH,
  ModelUrlError,
  type ModelUrlProblem,
} from "./model-url.ts";

const P = 8089;
const rules = (...entries: string[]) => entries.map(parseHostRule);

function dnsError(code: string): Error {
  return Object.assign(new Error(`getaddrinfo ${code}`), { code });
}

/** A resolver from a table; anything else does not exist. Never real DNS. */
function fakeLookup(table: Record<string, string[]>): HostLookup {
  return async (host) => {
    const addresses = table[host];
    if (addresses === undefined) throw dnsError("ENOTFOUND");
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
}

const lookup = fakeLookup({
  localhost: ["127.0.0.1", "::1"],
  "api.example.test": ["93.184.216.34"],
  "dual.example.test": ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"],
  "split.test": ["93.184.216.34", "10.0.0.7"],
  "split-v6.test": ["93.184.216.34", "fd12::7"],
  "foo.127.0.0.1.nip.io": ["127.0.0.1"],
  "instance-data.test": ["169.254.169.254"],
  "gpu.test": ["10.2.3.4"],
  "gpu-box": ["192.168.1.50"],
  "imds-box": ["169.254.169.254"],
});

async function problemOf(
  url: string,
  options: Parameters<typeof checkModelUrl>[1] = { rules: [], lookup },
): Promise<ModelUrlProblem | "accepted"> {
  try {
    await checkModelUrl(url, options);
    return "accepted";
  } catch (error) {
    if (error instanceof ModelUrlError) return error.reason;
    throw error;
  }
}

describe("checkModelUrl refuses at create time", () => {
  const corpus: [string, ModelUrlProblem][] = [
    // loopback in every spelling
    [`http://127.0.0.1:${P}`, "internal_address"],
    [`http://localhost:${P}`, "internal_address"],
    [`http://localhost.:${P}`, "internal_address"],
    [`http://LOCALHOST:${P}/v1`, "internal_address"],
    [`http://loc%61lhost:${P}/`, "internal_address"],
    [`http://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ:${P}/`, "internal_address"],
    [`http://foo.localhost:${P}/`, "internal_address"],
    [`http://[::1]:${P}`, "internal_address"],
    [`http://[::ffff:127.0.0.1]:${P}`, "internal_address"],
    [`http://[::ffff:7f00:1]:${P}`, "internal_address"],
    [`http://[0:0:0:0:0:ffff:127.0.0.1]:${P}`, "internal_address"],
    [`http://[::127.0.0.1]:${P}`, "internal_address"],
    [`http://2130706433:${P}`, "internal_address"],
    [`http://0x7f000001:${P}`, "internal_address"],
    [`http://0177.0.0.1:${P}`, "internal_address"],
    [`http://0x7f.1:${P}`, "internal_address"],
    [`http://127.1:${P}`, "internal_address"],
    [`http://127.0.0.1.:${P}`, "internal_address"],
    [`http://%31%32%37.0.0.1:${P}`, "internal_address"],
    [`http://１２７.０.０.１:${P}`, "internal_address"],
    [`http://127.0.0.2:${P}`, "internal_address"],
    [`http://foo.127.0.0.1.nip.io:${P}/`, "internal_address"],
    // unspecified
    [`http://0.0.0.0:${P}`, "internal_address"],
    [`http://0:${P}`, "internal_address"],
    [`http://[::]:${P}`, "internal_address"],
    // private, CGNAT, unique-local, link-local, NAT64 / 6to4 embedding, multicast
    ["http://10.1.2.3/", "internal_address"],
    ["http://172.16.0.1/", "internal_address"],
    ["http://192.168.1.1/", "internal_address"],
    ["http://100.64.0.1/", "internal_address"],
    ["http://169.254.1.1/", "internal_address"],
    ["http://[fc00::1]/", "internal_address"],
    ["http://[fe80::1]/", "internal_address"],
    ["http://[64:ff9b::7f00:1]/", "internal_address"],
    ["http://[64:ff9b::10.0.0.1]/", "internal_address"],
    ["http://[64:ff9b:1::a00:1]/", "internal_address"],
    ["http://[2002:7f00:1::]/", "internal_address"],
    ["http://224.0.0.1/", "internal_address"],
    ["http://255.255.255.255/", "internal_address"],
    // a name with one private address among public ones
    ["https://split.test/v1", "internal_address"],
    ["https://split-v6.test/v1", "internal_address"],
    // cloud metadata
    ["http://169.254.169.254/latest/meta-data/iam/security-credentials/", "metadata_address"],
    ["http://[fd00:ec2::254]/", "metadata_address"],
    ["http://100.100.100.200/", "metadata_address"],
    ["http://169.254.170.2/v2/credentials", "metadata_address"],
    ["http://metadata.google.internal/computeMetadata/v1/", "metadata_address"],
    ["http://METADATA.google.internal./", "metadata_address"],
    ["http://[::ffff:169.254.169.254]/", "metadata_address"],
    ["http://[64:ff9b::a9fe:a9fe]/", "metadata_address"],
    ["http://2852039166/", "metadata_address"],
    ["http://instance-data.test/", "metadata_address"],
    // credentials
    [`http://user:pw@127.0.0.1:${P}/`, "credentials"],
    [`http://evil.test@127.0.0.1:${P}/`, "credentials"],
    ["https://user@api.example.test/v1", "credentials"],
    ["https://:secret@api.example.test/v1", "credentials"],
    // schemes
    ["file:///etc/passwd", "scheme"],
    [`gopher://127.0.0.1:${P}/_GET%20/`, "scheme"],
    ["ftp://ftp.example.test/pub", "scheme"],
    ["data:text/plain;base64,aGVsbG8=", "scheme"],
    ["javascript:alert(1)", "scheme"],
    ["ws://api.example.test/", "scheme"],
    ["dict://127.0.0.1:11211/", "scheme"],
    // not URLs, too long
    ["not a url", "invalid_url"],
    ["http://", "invalid_url"],
    ["http://[::1/", "invalid_url"],
    ["http://[fe80::1%25eth0]/", "invalid_url"],
    ["/v1/chat/completions", "invalid_url"],
    [`https://api.example.test/${"a".repeat(MAX_MODEL_URL_LENGTH)}`, "too_long"],
  ];

  it("has a corpus of at least 40 URLs", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(40);
  });

  it.each(corpus)("%s → %s", async (url, problem) => {
    expect(await problemOf(url)).toBe(problem);
  });

  it("refuses localhost with the system resolver too", async () => {
    expect(await problemOf(`http://localhost:${P}/v1`, { rules: [] })).toBe("internal_address");
    expect(await problemOf(`http://localhost.:${P}/v1`, { rules: [] })).toBe("internal_address");
  });

  it("gives a fixed message that says nothing about what the name resolved to", async () => {
    const error = await checkModelUrl("https://split.test/v1", { rules: [], lookup }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ModelUrlError);
    expect((error as Error).message).toBe(
      "api_url points to a private, loopback or link-local address; to allow it: ALLOWED_MODEL_HOSTS is a setting of the service (its environment or .env): add the host there and restart the service",
    );
    const metadata = await checkModelUrl("http://169.254.169.254/", { rules: [] }).catch(
      (e: unknown) => e,
    );
    expect((metadata as Error).message).toBe("api_url points to a cloud metadata address");
  });

  it("refuses a host name DNS cannot carry, before any lookup (it used to fail with EINVAL)", async () => {
    const spy = vi.fn(lookup);
    const label = "a".repeat(63);
    for (const url of [
      `https://${[label, label, label, label].join(".")}.test/v1`, // 259 characters
      `https://${"b".repeat(64)}.example.test/v1`,
    ]) {
      expect(await problemOf(url, { rules: [], lookup: spy })).toBe("host_name");
    }
    expect(spy).not.toHaveBeenCalled();
    // At the limits it is a name like any other.
    expect(await problemOf(`https://${[label, label, label, "a".repeat(57)].join(".")}.tst/`)).toBe(
      "accepted",
    );
  });

  it("does not resolve IP literals, bad schemes or metadata names", async () => {
    const spy = vi.fn(lookup);
    for (const url of [
      "http://127.0.0.1/",
      "http://93.184.216.34/",
      "file:///etc/passwd",
      "http://metadata.google.internal/",
    ]) {
      await problemOf(url, { rules: [], lookup: spy });
    }
    expect(spy).not.toHaveBeenCalled();
  });
});

describe("checkModelUrl accepts", () => {
  it.each([
    "https://api.example.test/v1",
    "https://API.Example.Test./v1/chat/completions",
    "https://dual.example.test/v1",
    "http://93.184.216.34:8000/v1",
    "http://[2606:4700::1111]/v1",
    "http://[::ffff:93.184.216.34]/v1",
    "http://[64:ff9b::5db8:d822]/v1",
    `https://api.example.test/${"a".repeat(MAX_MODEL_URL_LENGTH - 30)}`,
  ])("public %s", async (url) => {
    expect(await problemOf(url)).toBe("accepted");
  });

  it.each(["ENOTFOUND", "EAI_AGAIN"])("a name that does not resolve (%s)", async (code) => {
    const failing: HostLookup = async () => {
      throw dnsError(code);
    };
    expect(await problemOf("https://later.example.test/v1", { rules: [], lookup: failing })).toBe(
      "accepted",
    );
  });

  it("a name that resolves to nothing, or too slowly", async () => {
    expect(await problemOf("https://empty.test/", { rules: [], lookup: async () => [] })).toBe(
      "accepted",
    );
    const never: HostLookup = () => new Promise(() => {});
    expect(
      await problemOf("https://slow.test/", { rules: [], lookup: never, lookupTimeoutMs: 10 }),
    ).toBe("accepted");
  });

  it("but passes on a lookup that fails for another reason", async () => {
    const broken: HostLookup = async () => {
      throw new TypeError("boom");
    };
    await expect(checkModelUrl("https://x.test/", { rules: [], lookup: broken })).rejects.toThrow(
      "boom",
    );
  });
});

describe("checkModelUrl with ALLOWED_MODEL_HOSTS", () => {
  it("127.0.0.1 allows 127.0.0.1 in every spelling, and not 127.0.0.2", async () => {
    const options = { rules: rules("127.0.0.1"), lookup };
    for (const url of [
      `http://127.0.0.1:${P}/v1`,
      `http://2130706433:${P}/v1`,
      `http://[::ffff:127.0.0.1]:${P}/v1`,
    ]) {
      expect(await problemOf(url, options), url).toBe("accepted");
    }
    expect(await problemOf(`http://127.0.0.2:${P}/v1`, options)).toBe("internal_address");
    // localhost also resolves to ::1, which the rule does not cover.
    expect(await problemOf(`http://localhost:${P}/v1`, options)).toBe("internal_address");
    expect(await problemOf("http://169.254.169.254/", options)).toBe("metadata_address");
  });

  it("localhost:P allows that name on port P only", async () => {
    const options = { rules: rules(`localhost:${P}`), lookup };
    expect(await problemOf(`http://localhost:${P}/v1`, options)).toBe("accepted");
    expect(await problemOf(`http://localhost.:${P}/v1`, options)).toBe("accepted");
    expect(await problemOf(`http://localhost:${P + 1}/v1`, options)).toBe("internal_address");
    expect(await problemOf("http://localhost/v1", options)).toBe("internal_address");
    expect(await problemOf(`http://127.0.0.1:${P}/v1`, options)).toBe("internal_address");
  });

  it("a host rule covers an unresolvable .localhost name", async () => {
    const options = { rules: rules("ollama.localhost:11434"), lookup };
    expect(await problemOf("http://ollama.localhost:11434/v1", options)).toBe("accepted");
    expect(await problemOf("http://ollama.localhost:11435/v1", options)).toBe("internal_address");
  });

  it("a CIDR rule allows its range, by literal or by name", async () => {
    const options = { rules: rules("10.0.0.0/8"), lookup };
    expect(await problemOf("http://10.1.2.3/v1", options)).toBe("accepted");
    expect(await problemOf("http://gpu.test:8000/v1", options)).toBe("accepted");
    expect(await problemOf("https://split.test/v1", options)).toBe("accepted");
    expect(await problemOf("http://172.16.0.1/v1", options)).toBe("internal_address");
    expect(await problemOf("http://192.168.1.1/v1", options)).toBe("internal_address");
  });

  it("a host rule allows whatever that name resolves to", async () => {
    const options = { rules: rules("gpu-box"), lookup };
    expect(await problemOf("http://gpu-box:8000/v1", options)).toBe("accepted");
    expect(await problemOf("http://192.168.1.50:8000/v1", options)).toBe("internal_address");
  });

  it("metadata stays refused under the broadest rules", async () => {
    const options = {
      rules: rules(
        "169.254.0.0/16",
        "0.0.0.0/0",
        "::/0",
        "fd00::/8",
        "100.64.0.0/10",
        "metadata.google.internal",
        "imds-box",
      ),
      lookup,
    };
    expect(await problemOf("http://169.254.1.1/", options)).toBe("accepted");
    expect(await problemOf("http://10.0.0.1/", options)).toBe("accepted");
    for (const url of [
      "http://169.254.169.254/",
      "http://[fd00:ec2::254]/",
      "http://100.100.100.200/",
      "http://metadata.google.internal/",
      "http://imds-box/",
    ]) {
      expect(await problemOf(url, options), url).toBe("metadata_address");
    }
  });
});

describe("chatCompletionsUrl", () => {
  it.each([
    ["https://api.openai.com/v1", "https://api.openai.com/v1/chat/completions"],
    ["https://api.openai.com/v1/", "https://api.openai.com/v1/chat/completions"],
    ["https://api.openai.com/v1//", "https://api.openai.com/v1/chat/completions"],
    ["http://localhost:11434/v1", "http://localhost:11434/v1/chat/completions"],
    ["https://host.test", "https://host.test/chat/completions"],
    ["https://host.test/", "https://host.test/chat/completions"],
    ["https://host.test/v1/chat/completions", "https://host.test/v1/chat/completions"],
    ["https://host.test/v1/chat/completions/", "https://host.test/v1/chat/completions/"],
    [
      "https://x.openai.azure.com/openai/deployments/gpt?api-version=2024-06-01",
      "https://x.openai.azure.com/openai/deployments/gpt/chat/completions?api-version=2024-06-01",
    ],
    [
      "https://x.openai.azure.com/openai/deployments/gpt/chat/completions?api-version=2024-06-01",
      "https://x.openai.azure.com/openai/deployments/gpt/chat/completions?api-version=2024-06-01",
    ],
    ["https://host.test/v1#section", "https://host.test/v1/chat/completions"],
  ])("%s → %s", (apiUrl, expected) => {
    expect(chatCompletionsUrl(apiUrl)).toBe(expected);
  });
});

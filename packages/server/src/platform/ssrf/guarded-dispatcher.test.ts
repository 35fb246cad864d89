import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { request } from "undici";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGuardedDispatcher, MODEL_URL_BLOCKED } from "./guarded-dispatcher.ts";
import type { HostLookup } from "./host-lookup.ts";
import { parseHostRule } from "./host-rules.ts";
import { checkModelUrl } from "./model-url.ts";

interface Canary {
  port: number;
  connections: () => number;
  close: () => Promise<void>;
}

/** A loopback server that counts every TCP connection: the only thing a blocked URL could reach. */
async function startCanary(redirectTo?: string): Promise<Canary> {
  let count = 0;
  const server = createServer((req, res) => {
    if (redirectTo !== undefined) {
      res.writeHead(302, { location: redirectTo }).end();
    } else {
      res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    }
    req.resume();
  });
  server.on("connection", () => {
    count += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    connections: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function fakeLookup(table: Record<string, string[]>): HostLookup {
  return async (host) => {
    const addresses = table[host];
    if (addresses === undefined) {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    }
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
}

const rules = (...entries: string[]) => entries.map(parseHostRule);

async function outcome(url: string, dispatcher: ReturnType<typeof createGuardedDispatcher>) {
  try {
    const response = await request(url, { dispatcher });
    await response.body.text();
    return response.statusCode;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

let canary: Canary;
let dispatchers: ReturnType<typeof createGuardedDispatcher>[] = [];

function guarded(options: Parameters<typeof createGuardedDispatcher>[0]) {
  const dispatcher = createGuardedDispatcher(options);
  dispatchers.push(dispatcher);
  return dispatcher;
}

beforeEach(async () => {
  canary = await startCanary();
});

afterEach(async () => {
  await Promise.all(dispatchers.map((d) => d.destroy()));
  dispatchers = [];
  await canary.close();
});

describe("guarded dispatcher at connect time", () => {
  it("refuses every loopback spelling and the canary sees no connection", async () => {
    const P = canary.port;
    const dispatcher = guarded({ rules: [] }); // system resolver: only localhost is looked up
    const urls = [
      `http://127.0.0.1:${P}/`,
      `http://localhost:${P}/`,
      `http://localhost.:${P}/`,
      `http://[::1]:${P}/`,
      `http://[::ffff:127.0.0.1]:${P}/`,
      `http://[::ffff:7f00:1]:${P}/`,
      `http://2130706433:${P}/`,
      `http://0x7f000001:${P}/`,
      `http://0177.0.0.1:${P}/`,
      `http://127.1:${P}/`,
      `http://0.0.0.0:${P}/`,
      `http://[::]:${P}/`,
      `http://[::127.0.0.1]:${P}/`,
      `http://[64:ff9b::7f00:1]:${P}/`,
    ];
    for (const url of urls) {
      expect(await outcome(url, dispatcher), url).toBe(MODEL_URL_BLOCKED);
    }
    expect(canary.connections()).toBe(0);
  });

  it("refuses metadata addresses before dialling, even under broad allow rules", async () => {
    const dispatcher = guarded({
      rules: rules("0.0.0.0/0", "::/0", "169.254.0.0/16", "imds-box"),
      lookup: fakeLookup({ "imds-box": ["169.254.169.254"] }),
      connectTimeoutMs: 500,
    });
    for (const url of [
      "http://169.254.169.254/latest/meta-data/",
      "http://[fd00:ec2::254]/",
      "http://100.100.100.200/",
      "http://metadata.google.internal/",
      "http://imds-box/",
    ]) {
      expect(await outcome(url, dispatcher), url).toBe(MODEL_URL_BLOCKED);
    }
  });

  it("connects when a rule allows exactly that address, and only that one", async () => {
    const P = canary.port;
    const dispatcher = guarded({ rules: rules("127.0.0.1") });
    expect(await outcome(`http://127.0.0.1:${P}/v1/chat/completions`, dispatcher)).toBe(200);
    expect(canary.connections()).toBe(1);
    expect(await outcome(`http://127.0.0.2:${P}/`, dispatcher)).toBe(MODEL_URL_BLOCKED);
    expect(canary.connections()).toBe(1);
  });

  it("a host:port rule allows that name on that port only", async () => {
    const P = canary.port;
    const lookup = fakeLookup({ localhost: ["127.0.0.1"] });
    const dispatcher = guarded({ rules: rules(`localhost:${P}`), lookup });
    expect(await outcome(`http://localhost:${P}/`, dispatcher)).toBe(200);
    expect(await outcome(`http://localhost:${P + 1}/`, dispatcher)).toBe(MODEL_URL_BLOCKED);
    expect(await outcome(`http://127.0.0.1:${P}/`, dispatcher)).toBe(MODEL_URL_BLOCKED);
    expect(canary.connections()).toBe(1);
  });

  it("dials the address its own lookup validated (positive control)", async () => {
    const P = canary.port;
    const lookup = fakeLookup({ "public.test": ["127.0.0.1"] });
    const dispatcher = guarded({ rules: rules(`public.test:${P}`), lookup });
    expect(await outcome(`http://public.test:${P}/`, dispatcher)).toBe(200);
    expect(canary.connections()).toBe(1);
  });

  it("refuses a name that resolves to loopback at connect time", async () => {
    const P = canary.port;
    const lookup = fakeLookup({
      "public.test": ["127.0.0.1"],
      "mixed.test": ["93.184.216.34", "127.0.0.1"],
    });
    const dispatcher = guarded({ rules: [], lookup });
    expect(await outcome(`http://public.test:${P}/`, dispatcher)).toBe(MODEL_URL_BLOCKED);
    expect(await outcome(`http://mixed.test:${P}/`, dispatcher)).toBe(MODEL_URL_BLOCKED);
    expect(canary.connections()).toBe(0);
  });

  it("DNS rebinding: public when saved, loopback when called → blocked", async () => {
    const url = `http://rebind.test:${canary.port}/v1`;
    const answers = [["93.184.216.34"], ["127.0.0.1"]];
    const lookup: HostLookup = async () =>
      (answers.shift() ?? ["127.0.0.1"]).map((address) => ({ address, family: 4 }));

    await expect(checkModelUrl(url, { rules: [], lookup })).resolves.toBeUndefined();
    const dispatcher = guarded({ rules: [], lookup });
    expect(await outcome(url, dispatcher)).toBe(MODEL_URL_BLOCKED);
    expect(canary.connections()).toBe(0);
  });

  it("first resolution fails when saved, loopback when called → blocked (GitLab #63959)", async () => {
    const url = `http://flaky.test:${canary.port}/v1`;
    let calls = 0;
    const lookup: HostLookup = async () => {
      calls += 1;
      if (calls === 1)
        throw Object.assign(new Error("getaddrinfo EAI_AGAIN"), { code: "EAI_AGAIN" });
      return [{ address: "127.0.0.1", family: 4 }];
    };

    await expect(checkModelUrl(url, { rules: [], lookup })).resolves.toBeUndefined();
    const dispatcher = guarded({ rules: [], lookup });
    expect(await outcome(url, dispatcher)).toBe(MODEL_URL_BLOCKED);
    expect(canary.connections()).toBe(0);
  });

  it("does not follow redirects", async () => {
    const redirector = await startCanary(`http://127.0.0.1:${canary.port}/`);
    try {
      const dispatcher = guarded({ rules: rules(`127.0.0.1:${redirector.port}`) });
      expect(await outcome(`http://127.0.0.1:${redirector.port}/`, dispatcher)).toBe(302);
      expect(redirector.connections()).toBe(1);
      expect(canary.connections()).toBe(0);
    } finally {
      await redirector.close();
    }
  });
});

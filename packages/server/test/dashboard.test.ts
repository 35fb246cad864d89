import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ErrorBody, GetOrganizationResponse } from "@assay/protocol";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// A stand-in for Vite's output: the server only serves files, whatever built them.
const uiDir = mkdtempSync(join(tmpdir(), "assay-ui-"));
mkdirSync(join(uiDir, "assets"));
writeFileSync(
  join(uiDir, "index.html"),
  '<!doctype html><meta name="assay-api-prefix" content="/x"><script src="/ui/assets/app-A1b2.js"></script>',
);
writeFileSync(join(uiDir, "assets", "app-A1b2.js"), "console.log('dashboard')");

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ env: { ASSAY_UI_DIR: uiDir } });
});
afterAll(async () => {
  await service.close();
  rmSync(uiDir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) =>
  service.call("GET", `${service.origin}${path}`, { apiKey: null, headers });

async function signIn(apiKey: string, headers: Record<string, string> = {}) {
  const res = await service.call("POST", `${service.origin}/ui/session`, {
    apiKey: null,
    json: { api_key: apiKey },
    headers: { "x-assay-request": "1", ...headers },
  });
  const cookie = res.headers.get("set-cookie") ?? "";
  return { res, cookie, session: cookie.split(";")[0] ?? "" };
}

describe("serving /ui/", () => {
  it.each(["/", "/favicon.ico", "/ui/assets/missing.js", "/ui/index.html", "/ui/x/y.png"])(
    "answers %s with the plain-text 404",
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.text).toBe("404 page not found");
      expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    },
  );

  it.each(["/ui/", "/ui/evaluations", "/ui/evaluations/abc?status=success"])(
    "answers %s with the app shell, revalidated, under the CSP",
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.text).toContain("/ui/assets/app-A1b2.js");
      expect(res.text).toContain('<meta name="assay-api-prefix" content="/api/v1">');
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(res.headers.get("content-security-policy")).toBe(
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
      );
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    },
  );

  it("caches hashed assets for a year", async () => {
    const res = await get("/ui/assets/app-A1b2.js");
    expect(res.status).toBe(200);
    expect(res.text).toBe("console.log('dashboard')");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  // A person who types the service's address, or the API's, into a browser lands on the
  // dashboard; API clients (no text/html in Accept) get the same answers as before.
  const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
  it.each(["/", "/api/v1", "/api/v1/"])("sends a browser at %s to /ui/", async (path) => {
    const res = await get(path, { accept: BROWSER_ACCEPT });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/ui/");
  });

  it("answers API clients at / and /api/v1 as before", async () => {
    for (const accept of [undefined, "*/*", "application/json"]) {
      const headers: Record<string, string> = accept ? { accept } : {};
      const root = await get("/", headers);
      expect(root.status).toBe(404);
      expect(root.text).toBe("404 page not found");
      const api = await service.call<ErrorBody>("GET", `${service.origin}/api/v1`, {
        apiKey: null,
        headers,
      });
      expect(api.status).toBe(404);
      expect(api.body).toEqual({
        error: { message: "no route for GET /api/v1", code: "NOT_FOUND" },
      });
    }
    // Only a page read: a browser's form post or a HEAD is not redirected.
    const post = await service.call("POST", `${service.origin}/`, {
      apiKey: null,
      headers: { accept: BROWSER_ACCEPT },
    });
    expect(post.status).toBe(404);
  });

  it("redirects /ui to /ui/", async () => {
    const res = await get("/ui?status=failure");
    expect(res.status).toBe(308);
    expect(res.headers.get("location")).toBe("/ui/?status=failure");
  });

  it("says how to build the dashboard when its files are missing", async () => {
    await using unbuilt = await startTestService({ env: { ASSAY_UI_DIR: join(uiDir, "nope") } });
    const res = await unbuilt.call("GET", `${unbuilt.origin}/ui/evaluations`, { apiKey: null });
    expect(res.status).toBe(503);
    expect(res.text).toContain("npm run build -w @assay/web");
  });

  it("is gone with ASSAY_UI=false: /ui/ and the session routes answer the plain 404", async () => {
    await using off = await startTestService({ env: { ASSAY_UI: "false", ASSAY_UI_DIR: uiDir } });
    for (const [method, path] of [
      ["GET", "/ui/"],
      ["GET", "/ui/assets/app-A1b2.js"],
      ["POST", "/ui/session"],
    ] as const) {
      const res = await off.call(method, `${off.origin}${path}`, { apiKey: null });
      expect(res.status).toBe(404);
      expect(res.text).toBe("404 page not found");
    }
    // No dashboard to send a browser to.
    const root = await off.call("GET", `${off.origin}/`, {
      apiKey: null,
      headers: { accept: BROWSER_ACCEPT },
    });
    expect(root.status).toBe(404);
  });
});

describe("sign-in sessions", () => {
  it("refuses a bad key with 401 and sets no cookie", async () => {
    const { res, cookie } = await signIn("assay_not-a-key");
    expect(res.status).toBe(401);
    expect((res.body as ErrorBody).error.message).toBe("invalid or revoked API key");
    expect(cookie).toBe("");
  });

  it("names the missing field", async () => {
    const res = await service.call("POST", `${service.origin}/ui/session`, {
      apiKey: null,
      json: {},
      headers: { "x-assay-request": "1" },
    });
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).error.message).toBe("body.api_key: is required");
  });

  it("exchanges a key for an HttpOnly, SameSite=Strict cookie that authenticates the API", async () => {
    const { res, cookie, session } = await signIn(service.apiKey);
    expect(res.status).toBe(204);
    expect(cookie).toMatch(/^assay_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    const orgs = await service.call("GET", "/organizations", {
      apiKey: null,
      headers: { cookie: session },
    });
    expect(orgs.status).toBe(200);

    // Only the token's hash is stored.
    const token = session.split("=")[1] ?? "";
    const rows = await service.running.deps.db.selectFrom("ui_sessions").selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash.includes(token))).toBe(false);
  });

  it("holds cookie requests to the dashboard's origin, and writes to the marker header", async () => {
    const { session } = await signIn(service.apiKey);
    const cases: [string, Record<string, string>, string][] = [
      ["GET", { "sec-fetch-site": "cross-site" }, "Sec-Fetch-Site: cross-site"],
      ["GET", { "sec-fetch-site": "same-site" }, "Sec-Fetch-Site: same-site"],
      ["GET", { origin: "http://127.0.0.1:1" }, "Origin: http://127.0.0.1:1"],
      [
        "POST",
        { "x-assay-request": "1", origin: "http://evil.example" },
        "Origin: http://evil.example",
      ],
      ["POST", {}, "must carry the header x-assay-request: 1"],
    ];
    const org = await service.call<GetOrganizationResponse>("GET", "/organizations");
    const writePath = `/organizations/${org.body.data.id}/projects/${org.body.data.projects[0]?.id}/custom-models`;
    for (const [method, headers, message] of cases) {
      const real = await service.call<ErrorBody>(
        method,
        method === "GET" ? "/organizations" : writePath,
        {
          apiKey: null,
          headers: { cookie: session, ...headers },
          ...(method === "POST" ? { json: { name: "x" } } : {}),
        },
      );
      expect(real.status, `${method} ${JSON.stringify(headers)}`).toBe(403);
      expect(real.body.error.code).toBe("PERMISSION_DENIED");
      expect(real.body.error.message).toContain(message);
    }
    const same = await service.call("GET", "/organizations", {
      apiKey: null,
      headers: { cookie: session, "sec-fetch-site": "same-origin", origin: service.origin },
    });
    expect(same.status).toBe(200);
  });

  it("keeps API keys first: a bad key beside a good cookie is refused", async () => {
    const { session } = await signIn(service.apiKey);
    const res = await service.call("GET", "/organizations", {
      apiKey: "assay_wrong",
      headers: { cookie: session },
    });
    expect(res.status).toBe(401);
  });

  it("ends on sign-out, and when its key is revoked", async () => {
    const { session } = await signIn(service.apiKey);
    const out = await service.call("DELETE", `${service.origin}/ui/session`, {
      apiKey: null,
      headers: { cookie: session, "x-assay-request": "1" },
    });
    expect(out.status).toBe(204);
    expect(out.headers.get("set-cookie")).toContain("Max-Age=0");
    const after = await service.call<ErrorBody>("GET", "/organizations", {
      apiKey: null,
      headers: { cookie: session },
    });
    expect(after.status).toBe(401);
    expect(after.body.error.message).toContain("sign in again");

    const key = await service.admin.create({ name: "to revoke" });
    const revoked = await signIn(key.key);
    expect(revoked.res.status).toBe(204);
    await service.admin.revoke(key.id);
    const res = await service.call("GET", "/organizations", {
      apiKey: null,
      headers: { cookie: revoked.session },
    });
    expect(res.status).toBe(401);
  });

  it("refuses and clears a request carrying two session cookies (cookie tossing)", async () => {
    const victim = await signIn(service.apiKey);
    const other = await service.admin.create({ organization: "attacker", name: "attacker" });
    const attacker = await signIn(other.key);
    // A page on another port of this host set its own session for /api/v1: the browser sends
    // both, the more specific path's first.
    const res = await service.call<ErrorBody>("GET", "/organizations", {
      apiKey: null,
      headers: { cookie: `${attacker.session}; ${victim.session}` },
    });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/2 assay_session cookies/);
    const cleared = res.headers.getSetCookie();
    expect(cleared).toContain("assay_session=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0");
    expect(cleared).toContain(
      "assay_session=; Path=/api/v1/organizations; HttpOnly; SameSite=Strict; Max-Age=0",
    );
    // Alone, each session still works.
    const alone = await service.call("GET", "/organizations", {
      apiKey: null,
      headers: { cookie: victim.session },
    });
    expect(alone.status).toBe(200);
  });

  it("refuses a revoked key at sign-in at once, though the serving process cached it a moment ago", async () => {
    const key = await service.admin.create({ name: "revoked, then signed in with" });
    expect((await service.call("GET", "/organizations", { apiKey: key.key })).status).toBe(200);
    await service.admin.revoke(key.id);
    const { res, cookie } = await signIn(key.key);
    expect(res.status).toBe(401);
    expect(cookie).toBe("");
  });
});

describe("sessions on https", () => {
  it("use the __Host- prefix, and a cookie without it is not a session", async () => {
    await using secure = await startTestService({
      env: { ASSAY_UI_DIR: uiDir, ASSAY_PUBLIC_URL: "https://assay.example.test" },
    });
    const sign = await secure.call("POST", `${secure.origin}/ui/session`, {
      apiKey: null,
      json: { api_key: secure.apiKey },
      headers: { "x-assay-request": "1" },
    });
    const cookie = sign.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(
      /^__Host-assay_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Secure$/,
    );
    const token = cookie.split(";")[0]!.split("=")[1]!;
    const use = (value: string) =>
      secure.call("GET", "/organizations", { apiKey: null, headers: { cookie: value } });
    expect((await use(`__Host-assay_session=${token}`)).status).toBe(200);
    // Any page of the domain, or a plain-http one, can set this name; only the prefixed one counts.
    expect((await use(`assay_session=${token}`)).status).toBe(401);
  });
});

describe("session expiry", () => {
  it("slides while used and ends after ASSAY_UI_SESSION_HOURS without use", async () => {
    await using fresh = await startTestService({
      env: { ASSAY_UI_DIR: uiDir, ASSAY_UI_SESSION_HOURS: "2" },
    });
    const sign = await fresh.call("POST", `${fresh.origin}/ui/session`, {
      apiKey: null,
      json: { api_key: fresh.apiKey },
      headers: { "x-assay-request": "1" },
    });
    const session = (sign.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const use = () =>
      fresh.call("GET", "/organizations", { apiKey: null, headers: { cookie: session } });
    const hour = 3600_000;

    fresh.clock.advance(1.5 * hour);
    expect((await use()).status).toBe(200);
    // 3 h after sign-in, 1.5 h after the last use: still alive.
    fresh.clock.advance(1.5 * hour);
    expect((await use()).status).toBe(200);
    fresh.clock.advance(2 * hour + 1000);
    expect((await use()).status).toBe(401);
  });
});

describe("sign-in rate limit", () => {
  const signInFrom = (target: TestService, apiKey: string, forwardedFor?: string) =>
    target.call("POST", `${target.origin}/ui/session`, {
      apiKey: null,
      json: { api_key: apiKey },
      headers: {
        "x-assay-request": "1",
        ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
      },
    });

  it("answers 429 with a numeric Retry-After after ten failed sign-ins from one address", async () => {
    await using fresh = await startTestService({ env: { ASSAY_UI_DIR: uiDir } });
    const statuses: number[] = [];
    let last: Headers | undefined;
    for (let i = 0; i < 11; i++) {
      const res = await signInFrom(fresh, `assay_guess${i}`);
      statuses.push(res.status);
      last = res.headers;
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    expect(last?.get("retry-after")).toMatch(/^\d+$/);
  });

  it("counts failures only: a valid key signs in after ten bad ones, and sign-ins never count", async () => {
    await using fresh = await startTestService({ env: { ASSAY_UI_DIR: uiDir } });
    const good: number[] = [];
    for (let i = 0; i < 12; i++) good.push((await signInFrom(fresh, fresh.apiKey)).status);
    expect(good).toEqual(Array(12).fill(204));
    for (let i = 0; i < 10; i++) await signInFrom(fresh, `assay_guess${i}`);
    expect((await signInFrom(fresh, "assay_guess-more")).status).toBe(429);
    expect((await signInFrom(fresh, fresh.apiKey)).status).toBe(204);
  });

  it("sees the client's address behind a trusted proxy, and only behind one", async () => {
    // The test client connects from 127.0.0.1: here that is the load balancer, named by its
    // address or as the one hop in front.
    for (const trust of ["127.0.0.1", "1"]) {
      await using proxied = await startTestService({
        env: { ASSAY_UI_DIR: uiDir, ASSAY_TRUST_PROXY: trust },
      });
      for (let i = 0; i < 10; i++) await signInFrom(proxied, `assay_guess${i}`, "203.0.113.1");
      expect((await signInFrom(proxied, "assay_guess", "203.0.113.1")).status).toBe(429);
      // Another client behind the same proxy has its own budget.
      expect((await signInFrom(proxied, "assay_guess", "203.0.113.2")).status).toBe(401);
    }

    // Without the setting, X-Forwarded-For is anyone's to write: it is not read.
    await using direct = await startTestService({ env: { ASSAY_UI_DIR: uiDir } });
    for (let i = 0; i < 10; i++) await signInFrom(direct, `assay_guess${i}`, "203.0.113.1");
    expect((await signInFrom(direct, "assay_guess", "203.0.113.2")).status).toBe(429);
  });
});

import type { ErrorBody, GetOrganizationResponse } from "@assay/protocol";
import { refusedWithin } from "@assay/test-kit/refused-within.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

describe("API key authentication", () => {
  it("answers the key's organization with x-api-key", async () => {
    const res = await service.call<GetOrganizationResponse>("GET", "/organizations");
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("success");
    expect(res.body.data.name).toBe("Default Organization");
    expect(res.body.data.projects.map((p) => p.name)).toEqual(["Default Project"]);
  });

  it("accepts the same key as a bearer token", async () => {
    const res = await service.call("GET", "/organizations", {
      apiKey: null,
      headers: { authorization: `Bearer ${service.apiKey}` },
    });
    expect(res.status).toBe(200);
  });

  it.each([
    ["no key", null, "missing API key: send it in the x-api-key header"],
    ["an unknown key", "assay_thisKeyDoesNotExist000000000000000000", "invalid or revoked API key"],
    ["an empty key", "", "missing API key: send it in the x-api-key header"],
    ["an absurdly long key", "x".repeat(10_000), "invalid or revoked API key"],
  ])("refuses %s with 401", async (_label, apiKey, message) => {
    const res = await service.call<ErrorBody>("GET", "/organizations", { apiKey });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { message, code: "UNAUTHENTICATED" } });
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("refuses a revoked key within a second", async () => {
    const created = await service.admin.create({ organization: "Revocation Co" });
    expect((await service.call("GET", "/organizations", { apiKey: created.key })).status).toBe(200);
    expect(await service.admin.revoke(created.id)).toBe(true);
    const res = await refusedWithin(service, created.key, performance.now());
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: { message: "invalid or revoked API key", code: "UNAUTHENTICATED" },
    });
    expect(await service.admin.revoke(created.id)).toBe(false);
  });

  it("stores only a hash of keys: the database never holds a key's text", async () => {
    const created = await service.admin.create({ organization: "Hash Check" });
    const rows = await service.running.deps.db.selectFrom("api_keys").selectAll().execute();
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(created.key);
    expect(dump).not.toContain(service.apiKey);
    expect(rows.find((r) => r.id === created.id)?.display).toBe(
      `${created.key.slice(0, 10)}…${created.key.slice(-4)}`,
    );
  });
});

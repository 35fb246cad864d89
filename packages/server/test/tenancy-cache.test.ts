import type { GetOrganizationResponse } from "@assay/protocol";
import { refusedWithin } from "@assay/test-kit/refused-within.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Serving processes cache keys and organizations for a moment (TENANCY_CACHE_MS). Two API
// processes on one database (on PostgreSQL when DATABASE_URL is set): what one of them, or an
// admin command, changes must reach the other within the bound, with no message between them.
let a: TestService;
let b: TestService;
beforeAll(async () => {
  a = await startTestService();
  b = await startTestService({ database: a.database });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const organization = async (service: TestService, apiKey: string) =>
  (await service.call<GetOrganizationResponse>("GET", "/organizations", { apiKey })).body.data;

describe("tenancy cached by serving processes", () => {
  it("refuses a key revoked through one process on the other within a second", async () => {
    const created = await a.admin.create({ organization: "Revoked Elsewhere" });
    const models = `/organizations/${created.organization.id}/projects/${created.project.id}/models`;
    // Both processes have just let the key in, on both kinds of route: it is in their caches.
    for (const service of [a, b]) {
      expect((await service.call("GET", "/organizations", { apiKey: created.key })).status).toBe(
        200,
      );
      expect((await service.call("GET", models, { apiKey: created.key })).status).toBe(200);
    }
    expect(await a.admin.revoke(created.id)).toBe(true);
    const revokedAt = performance.now();
    for (const path of ["/organizations", models]) {
      const refused = await refusedWithin(b, created.key, revokedAt, path);
      expect(refused.status).toBe(401);
      expect(refused.body.error.code).toBe("UNAUTHENTICATED");
      expect((await refusedWithin(a, created.key, revokedAt, path)).status).toBe(401);
    }
  });

  it("serves a project created by another process at once, with its organization cached", async () => {
    const first = await a.admin.create({ organization: "Growing Co", project: "One" });
    expect((await organization(b, first.key)).projects.map((p) => p.name)).toEqual(["One"]);
    // Another process adds a project: the organization cached by `b` does not hold it yet.
    const second = await a.admin.create({ organization: "Growing Co", project: "Two" });
    const two = `/organizations/${second.organization.id}/projects/${second.project.id}/models`;
    expect((await b.call("GET", two, { apiKey: first.key })).status).toBe(200);
    expect((await organization(b, second.key)).projects.map((p) => p.name)).toEqual(["Two", "One"]);
    expect((await organization(b, first.key)).projects.map((p) => p.name)).toEqual(["One", "Two"]);
  });

  it("still keeps tenants apart: another organization's project is not found", async () => {
    const mine = await a.admin.create({ organization: "Mine Co" });
    const theirs = await a.admin.create({ organization: "Theirs Co" });
    await organization(b, mine.key);
    const foreign = `/organizations/${mine.organization.id}/projects/${theirs.project.id}/models`;
    const res = await b.call("GET", foreign, { apiKey: mine.key });
    expect(res.status).toBe(404);
  });
});

import type { ErrorBody, EvaluationSpace } from "@assay/protocol";
import { DIALECTS } from "@assay/test-kit/databases.ts";
import { type Tenant, tenantOf } from "@assay/test-kit/evaluation-fixtures.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** Evaluation spaces' slugs: derived, unique per project, editable, and accepted for the id. */

describe.each(DIALECTS)("evaluation space slugs on %s", (dialect) => {
  let service: TestService;
  let tenant: Tenant;

  beforeAll(async () => {
    service = await startTestService({ dialect });
    tenant = await tenantOf(service);
  });
  afterAll(async () => {
    await service?.close();
  });

  const base = () => `/organizations/${tenant.org}/projects/${tenant.project}/evaluation-spaces`;
  const call = <T>(method: string, path: string, json?: unknown) =>
    service.call<T>(method, `${base()}${path}`, { apiKey: tenant.key, json });
  const create = async (body: Record<string, unknown>) => {
    const res = await call<{ data: EvaluationSpace }>("POST", "", body);
    if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
    return res.body.data;
  };

  it("derives the slug from the name, and dedupes it with -2, -3", async () => {
    const first = await create({ name: "Reasoning Models" });
    const second = await create({ name: "reasoning models!" });
    const third = await create({ name: "Réasoning — Models" });
    expect([first.slug, second.slug, third.slug]).toEqual([
      "reasoning-models",
      "reasoning-models-2",
      "reasoning-models-3",
    ]);
    expect((await create({ name: "★ ★" })).slug).toBe("space");
    expect((await create({ name: "x".repeat(200) })).slug).toBe("x".repeat(56));
  });

  it("reads, updates and deletes by id or slug; the delete answers the id", async () => {
    const space = await create({ name: "Lookup board" });
    const bySlug = await call<{ data: EvaluationSpace }>("GET", "/lookup-board");
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.data).toEqual(
      (await call<{ data: EvaluationSpace }>("GET", `/${space.id}`)).body.data,
    );
    const cells = await call<{ data: { evaluation_space_id: string } }>(
      "GET",
      "/lookup-board/evaluations",
    );
    expect(cells.body.data.evaluation_space_id).toBe(space.id);

    const patched = await call<{ data: EvaluationSpace }>("PATCH", "/lookup-board", {
      description: "by slug",
    });
    expect(patched.body.data).toMatchObject({
      id: space.id,
      description: "by slug",
      slug: "lookup-board",
    });
    // Renaming keeps the slug (links stay valid); a new slug is set only when asked.
    const renamed = await call<{ data: EvaluationSpace }>("PATCH", `/${space.id}`, {
      name: "Renamed board",
    });
    expect(renamed.body.data).toMatchObject({ name: "Renamed board", slug: "lookup-board" });
    const reslugged = await call<{ data: EvaluationSpace }>("PATCH", "/lookup-board", {
      slug: "renamed",
    });
    expect(reslugged.body.data.slug).toBe("renamed");
    expect((await call<ErrorBody>("GET", "/lookup-board")).status).toBe(404);

    const deleted = await call<{ data: { id: string } }>("DELETE", "/renamed");
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.id).toBe(space.id);
    expect((await call<ErrorBody>("GET", `/${space.id}`)).status).toBe(404);
  });

  it("takes a chosen slug on create; a taken one is 409 on create and on update", async () => {
    const chosen = await create({ name: "Chosen", slug: "my-board" });
    expect(chosen.slug).toBe("my-board");
    const clash = await call<ErrorBody>("POST", "", { name: "Another", slug: "my-board" });
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toContain('slug "my-board" already exists');
    const other = await create({ name: "Other board" });
    const taken = await call<ErrorBody>("PATCH", `/${other.id}`, { slug: "my-board" });
    expect(taken.status).toBe(409);
    // Setting a space's own slug again changes nothing and is no clash.
    const same = await call<{ data: EvaluationSpace }>("PATCH", "/my-board", { slug: "my-board" });
    expect(same.status).toBe(200);
  });

  it("refuses a malformed slug with 400 naming the field", async () => {
    const space = await create({ name: "Strict board" });
    for (const slug of [
      "Upper",
      "two--hyphens",
      "-edge",
      "spa ce",
      "",
      "x".repeat(65),
      7,
      "0b9d3a4e-1f2a-4c3b-9d8e-7f6a5b4c3d2e",
    ]) {
      for (const [method, path, body] of [
        ["PATCH", `/${space.id}`, { slug }],
        ["POST", "", { name: `Named ${String(slug).slice(0, 10)}`, slug }],
      ] as const) {
        const res = await call<ErrorBody>(method, path, body);
        expect(res.status, `${method} ${JSON.stringify(slug)}`).toBe(400);
        expect(res.body.error.message).toContain("slug");
      }
    }
  });

  it("keeps slugs per project: another project may reuse one", async () => {
    await create({ name: "Shared name" });
    const other = await service.admin.create({ organization: "Slug org" });
    const res = await service.call<{ data: EvaluationSpace }>(
      "POST",
      `/organizations/${other.organization.id}/projects/${other.project.id}/evaluation-spaces`,
      { apiKey: other.key, json: { name: "Shared name" } },
    );
    expect(res.status).toBe(201);
    expect(res.body.data.slug).toBe("shared-name");
    // And a slug of this project is no way into it from there.
    const foreign = await service.call<ErrorBody>(
      "GET",
      `/organizations/${other.organization.id}/projects/${other.project.id}/evaluation-spaces/reasoning-models`,
      { apiKey: other.key },
    );
    expect(foreign.status).toBe(404);
  });
});

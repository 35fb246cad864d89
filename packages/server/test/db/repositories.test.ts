import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashApiKey } from "../../src/platform/crypto/api-key-material.ts";
import {
  type DatabaseHandle,
  migrateToLatest,
  openDatabase,
} from "../../src/platform/db/database.ts";
import { createApiKeyService } from "../../src/resources/api-keys/service.ts";
import { createOrganizationService } from "../../src/resources/organizations/service.ts";

/** These tests are about tenancy and keys; new projects get no catalog attached. */
const NO_CATALOG = { models: [], benchmarks: [] };

import { createTestDatabase, DIALECTS, type TestDatabase } from "@assay/test-kit/databases.ts";
import { TestClock } from "@assay/test-kit/test-clock.ts";
import { isForeignKeyViolation } from "../../src/platform/db/foreign-key-violation.ts";
import { isUniqueViolation } from "../../src/platform/db/unique-violation.ts";
import { createUploadRepository } from "../../src/resources/uploads/repository.ts";

describe.each(DIALECTS)("repositories on %s", (dialect) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  const clock = new TestClock();

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    handle = openDatabase(database.config);
    await migrateToLatest(handle);
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  it("organizations and projects: ensure is idempotent, projects stay in their organization", async () => {
    const orgs = createOrganizationService({ db: handle.db, clock, catalog: NO_CATALOG });
    const acme = await orgs.ensureOrganization("Acme");
    expect((await orgs.ensureOrganization("Acme")).id).toBe(acme.id);
    const research = await orgs.ensureProject(acme.id, "Research");
    expect((await orgs.ensureProject(acme.id, "Research")).id).toBe(research.id);
    const other = await orgs.ensureOrganization("Other");
    const auth = { apiKeyId: "k", organizationId: acme.id, defaultProjectId: research.id };
    await expect(orgs.resolveScope(auth, acme.id, research.id)).resolves.toEqual({
      organizationId: acme.id,
      projectId: research.id,
    });
    await expect(orgs.resolveScope(auth, other.id, research.id)).rejects.toThrow(
      "organization not found",
    );
    const otherProject = await orgs.ensureProject(other.id, "Research");
    await expect(orgs.resolveScope(auth, acme.id, otherProject.id)).rejects.toThrow(
      "project not found",
    );
  });

  it("API keys: authenticate active keys only, record use, list without the key", async () => {
    const orgs = createOrganizationService({ db: handle.db, clock, catalog: NO_CATALOG });
    const keys = createApiKeyService({ db: handle.db, clock });
    const org = await orgs.ensureOrganization("Keys Inc");
    const project = await orgs.ensureProject(org.id, "Main");
    const created = await keys.create({
      organizationId: org.id,
      projectId: project.id,
      name: "ci",
    });

    expect(await keys.authenticate(created.key)).toEqual({
      apiKeyId: created.id,
      organizationId: org.id,
      defaultProjectId: project.id,
    });
    expect(await keys.authenticate(`${created.key}x`)).toBeUndefined();
    const listed = (await keys.list(org.id))[0];
    expect(listed).toMatchObject({
      id: created.id,
      name: "ci",
      organization_name: "Keys Inc",
      project_name: "Main",
    });
    expect(listed?.last_used_at).not.toBeNull();
    expect(JSON.stringify(await keys.list())).not.toContain(created.key);

    expect(await keys.exists(created.key)).toBe("active");
    expect(await keys.revoke(created.id)).toBe(true);
    expect(await keys.authenticate(created.key)).toBeUndefined();
    expect(await keys.exists(created.key)).toBe("revoked");
    expect(await keys.exists("never-issued-key-0000000")).toBeUndefined();

    const given = await keys.create({
      organizationId: org.id,
      projectId: project.id,
      name: "b",
      key: "k".repeat(24),
    });
    const row = await handle.db
      .selectFrom("api_keys")
      .selectAll()
      .where("id", "=", given.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(hashApiKey("k".repeat(24)));
  });

  it("uploads: newest by file name, expired ones in (expiry, id) order across pages", async () => {
    const orgs = createOrganizationService({ db: handle.db, clock, catalog: NO_CATALOG });
    const org = await orgs.ensureOrganization("Uploads Ltd");
    const project = await orgs.ensureProject(org.id, "P");
    const scope = { organizationId: org.id, projectId: project.id };
    const repo = createUploadRepository(handle.db);
    const insert = (filename: string, expires: string, created: string) =>
      repo.insert({
        id: randomUUID(),
        organization_id: org.id,
        project_id: project.id,
        purpose: "trace",
        upload_key: null,
        filename,
        content_type: "application/jsonl",
        size: 10,
        object_key: `uploads/${randomUUID()}`,
        expires_at: expires,
        created_at: created,
      });
    await insert("a.jsonl", "2026-01-01T00:00:00.000Z", "2025-12-31T23:00:00.000Z");
    await insert("a.jsonl", "2026-01-01T01:00:00.000Z", "2025-12-31T23:30:00.000Z");
    for (let i = 0; i < 5; i++)
      await insert(`b${i}.jsonl`, "2026-01-01T00:30:00.000Z", "2025-12-31T23:00:00.000Z");

    expect((await repo.findLatestByFilename(scope, "trace", "a.jsonl"))?.expires_at).toBe(
      "2026-01-01T01:00:00.000Z",
    );
    expect(await repo.findLatestByFilename(scope, "benchmark", "a.jsonl")).toBeUndefined();
    expect(
      await repo.findLatestByFilename(
        { organizationId: org.id, projectId: randomUUID() },
        "trace",
        "a.jsonl",
      ),
    ).toBeUndefined();

    const seen: string[] = [];
    let cursor: { expiresAt: string; id: string } | undefined;
    for (;;) {
      const page = await repo.listExpired("2026-01-01T00:59:00.000Z", cursor, 2);
      seen.push(...page.map((u) => u.filename));
      const last = page.at(-1);
      if (!last) break;
      cursor = { expiresAt: last.expires_at, id: last.id };
    }
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
    expect(seen[0]).toBe("a.jsonl");
  });

  it("constraint violations are recognized on this dialect: a foreign key, a unique index", async () => {
    const write = handle.db
      .insertInto("benchmark_scorers")
      .values({ benchmark_id: randomUUID(), scorer_id: randomUUID(), position: 0 })
      .execute();
    const error = await write.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isForeignKeyViolation(error)).toBe(true);
    expect(isUniqueViolation(error)).toBe(false);
    expect(isForeignKeyViolation(new Error("UNIQUE constraint failed: scorers.name"))).toBe(false);
  });
});

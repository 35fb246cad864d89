import { createTestDatabase, DIALECTS, type TestDatabase } from "@assay/test-kit/databases.ts";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "../../src/platform/db/database.ts";
import { migrationProvider } from "../../src/platform/db/migrations/index.ts";

/** Migration 0022 gives the spaces that exist a slug each, unique per project, from their names. */

describe.each(DIALECTS)("migration 0022-evaluation-space-slugs on %s", (dialect) => {
  let database: TestDatabase;
  afterEach(() => database.drop());

  it("backfills slugs per project in creation order, deduplicated with -2, -3", async () => {
    database = await createTestDatabase(dialect);
    const handle = openDatabase(database.config);
    try {
      const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
      const before = await migrator.migrateTo("0021-trace-summaries");
      expect(before.error).toBeUndefined();
      const at = "2026-01-01T00:00:0";
      await sql`insert into organizations (id, name, owner_id, created_at) values ('o', 'Org', null, ${`${at}0Z`})`.execute(
        handle.db,
      );
      for (const p of ["p1", "p2"])
        await sql`insert into projects (id, organization_id, name, created_at) values (${p}, 'o', ${p}, ${`${at}0Z`})`.execute(
          handle.db,
        );
      // Names are unique per project, yet several give the same slug.
      const spaces = [
        ["s1", "p1", "Math Board", 1],
        ["s2", "p1", "math board!", 2],
        ["s3", "p1", "MATH – board", 3],
        ["s4", "p2", "Math Board", 1],
        ["s5", "p1", "Ünïcödé ★", 4],
        ["s6", "p1", "★★★", 5],
      ] as const;
      for (const [id, project, name, second] of spaces)
        await sql`insert into evaluation_spaces (id, organization_id, project_id, name, description, visibility, filters, weight, is_featured, created_by, created_at, updated_at)
          values (${id}, 'o', ${project}, ${name}, '', 'private', '{}', 0, 0, 'key', ${`${at}${second}Z`}, ${`${at}${second}Z`})`.execute(
          handle.db,
        );

      await migrateToLatest(handle);
      const rows = await sql<{
        id: string;
        slug: string;
      }>`select id, slug from evaluation_spaces order by id`.execute(handle.db);
      expect(rows.rows).toEqual([
        { id: "s1", slug: "math-board" },
        { id: "s2", slug: "math-board-2" },
        { id: "s3", slug: "math-board-3" },
        { id: "s4", slug: "math-board" },
        { id: "s5", slug: "unicode" },
        { id: "s6", slug: "space" },
      ]);
      // The index holds: a second "math-board" in p1 is refused.
      await expect(
        sql`update evaluation_spaces set slug = 'math-board' where id = 's2'`.execute(handle.db),
      ).rejects.toThrow();
    } finally {
      await handle.close();
    }
  });
});

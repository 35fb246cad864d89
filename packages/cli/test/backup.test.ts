import { existsSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { APP_DIALECT } from "@assay/test-kit/databases.ts";
import { describe, expect, it } from "vitest";
import { runCli, serviceEnv, useFreshDatabase } from "./support/cli.ts";

/**
 * `assay backup <file>` on the configured data dir: a copy of the SQLite database (the service's
 * own test covers a backup taken mid-run and its restore), or on PostgreSQL, how to use pg_dump.
 */
const testDatabase = useFreshDatabase();

describe("assay backup", () => {
  it.skipIf(APP_DIALECT !== "sqlite")(
    "copies the database, says what else a restore needs, and never overwrites",
    async () => {
      const database = testDatabase();
      const { env } = await serviceEnv(database);
      // A database to copy: `keys create` opens (and migrates) it.
      expect((await runCli(["keys", "create", "--name", "first"], env)).code).toBe(0);
      const copy = join(database.dataDir, "copy.db");

      const backedUp = await runCli(["backup", copy], env);
      expect(backedUp, backedUp.stderr).toMatchObject({ code: 0 });
      expect(backedUp.stdout).toMatch(/^backed up .* to .*copy\.db \(\d+\.\d MB\)\n$/);
      expect(backedUp.stderr).toContain("the master key is not in the backup");
      const keys = new DatabaseSync(copy, { readOnly: true });
      expect(keys.prepare("select name from api_keys").all()).toEqual([{ name: "first" }]);
      keys.close();

      const again = await runCli(["backup", copy], env);
      expect(again.code).toBe(1);
      expect(again.stderr).toBe(`assay: ${copy} exists: name a new file\n`);
    },
  );

  it.skipIf(APP_DIALECT !== "postgres")("on PostgreSQL, says how to use pg_dump", async () => {
    const database = testDatabase();
    const { env } = await serviceEnv(database);
    const refused = await runCli(["backup", join(database.dataDir, "copy.db")], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("pg_dump --format=custom");
    expect(existsSync(join(database.dataDir, "copy.db"))).toBe(false);
  });
});

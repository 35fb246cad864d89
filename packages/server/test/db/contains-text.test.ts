import { createTestDatabase, DIALECTS, type TestDatabase } from "@assay/test-kit/databases.ts";
import { TestClock } from "@assay/test-kit/test-clock.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { containsText } from "../../src/platform/db/contains-text.ts";
import {
  type DatabaseHandle,
  migrateToLatest,
  openDatabase,
} from "../../src/platform/db/database.ts";
import { createOrganizationService } from "../../src/resources/organizations/service.ts";

/** The `search` filters' match: a substring, any case, of all of Unicode, wildcards literal. */
describe.each(DIALECTS)("containsText on %s", (dialect) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  const NAMES = [
    "ÜBER CAFÉ",
    "über café",
    "Ελληνικά ΣΟΦΊΑ",
    "50% off_sale",
    "Plain ASCII",
    "İstanbul",
  ];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    handle = openDatabase(database.config);
    await migrateToLatest(handle);
    const orgs = createOrganizationService({
      db: handle.db,
      clock: new TestClock(),
      catalog: { models: [], benchmarks: [] },
    });
    for (const name of NAMES) await orgs.ensureOrganization(name);
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  const matching = async (text: string) =>
    (
      await handle.db
        .selectFrom("organizations")
        .select("name")
        .where(containsText("name", text))
        .orderBy("name")
        .execute()
    )
      .map((row) => row.name)
      .sort();

  it("folds the case of non-ASCII letters, whichever case is searched", async () => {
    expect(await matching("Über")).toEqual(["ÜBER CAFÉ", "über café"].sort());
    expect(await matching("CAFÉ")).toEqual(["ÜBER CAFÉ", "über café"].sort());
    expect(await matching("σοφία")).toEqual(["Ελληνικά ΣΟΦΊΑ"]);
  });

  it("matches ASCII text in any case, and LIKE's wildcards literally", async () => {
    expect(await matching("plain ascii")).toEqual(["Plain ASCII"]);
    expect(await matching("ascii")).toEqual(["Plain ASCII"]);
    expect(await matching("% off_")).toEqual(["50% off_sale"]);
    expect(await matching("_")).toEqual(["50% off_sale"]);
  });
});

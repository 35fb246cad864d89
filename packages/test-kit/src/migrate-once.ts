// Child process for migration tests: migrates the database described by TEST_DATABASE_CONFIG
// (a JSON DatabaseConfig) and exits 0, or prints the error and exits 1. All children start
// migrating at TEST_START_AT (epoch ms), so they really contend instead of taking turns.
import { setTimeout as sleep } from "node:timers/promises";
import { migrateToLatest, openDatabase } from "@assay/server/src/platform/db/database.ts";

await sleep(Math.max(0, Number(process.env.TEST_START_AT ?? 0) - Date.now()));
const handle = openDatabase(JSON.parse(process.env.TEST_DATABASE_CONFIG ?? "{}"));
try {
  await migrateToLatest(handle);
  console.log("migrated");
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await handle.close();
}

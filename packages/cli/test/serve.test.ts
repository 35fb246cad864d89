import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SERVICE_VERSION } from "@assay/server";
import { APP_DIALECT } from "@assay/test-kit/databases.ts";
import { describe, expect, it } from "vitest";
import {
  getOrganization,
  serviceEnv,
  startCli,
  startServer,
  useFreshDatabase,
} from "./support/cli.ts";

/**
 * `assay serve` and `assay worker` as a user runs them: the real bin script in a child process,
 * configured only through the environment, on SQLite or (with DATABASE_URL) PostgreSQL.
 */

const testDatabase = useFreshDatabase();

const KEY_FILE = "bootstrap-api-key";
const GENERATED_KEY_LINE = /\n {2}API key {3}(assay_[A-Za-z0-9]{40})\n/;
const QUEUE = APP_DIALECT === "postgres" ? "pg-boss queue" : "embedded queue";

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

describe("assay serve", () => {
  it("bootstraps an empty data dir once: prints the key, saves it 0600, and it works", async () => {
    const { env, port, apiUrl } = await serviceEnv(testDatabase());
    const first = await startServer([], env);
    const out = first.stdout();
    expect(out).toContain(
      `Assay ${SERVICE_VERSION} listening on http://127.0.0.1:${port}/api/v1\n`,
    );
    expect(out).toContain(`\n  workers   ${QUEUE}, 4 jobs at a time\n`);
    const key = out.match(GENERATED_KEY_LINE)?.[1] as string;
    expect(key).toMatch(/^assay_/);
    expect(occurrences(out, key)).toBe(1);
    expect(first.stderr()).not.toContain(key);

    const keyFile = join(testDatabase().dataDir, KEY_FILE);
    expect(out).toContain(`\n            shown once; also saved (mode 0600) to ${keyFile}\n`);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(keyFile, "utf8")).toBe(`${key}\n`);

    const org = await getOrganization(apiUrl, key);
    expect(org.status).toBe(200);
    expect(org.body.data?.name).toBe("Default Organization");
    expect(org.body.data?.projects.map((p) => p.name)).toEqual(["Default Project"]);

    const stopped = await first.stop("SIGTERM");
    expect(stopped).toMatchObject({ code: 0, signal: null });
    expect(stopped.stdout).toMatch(/\nSIGTERM: shutting down\n$/);

    // Second start on the same data dir and database: no new key, the first one still works.
    const second = await startServer([], env);
    expect(second.stdout()).not.toMatch(/assay_/);
    // The saved key still works: the banner points at it, not at creating another.
    expect(second.stdout()).toContain(`\n  API key   the one saved in ${keyFile}\n`);
    expect(second.stdout()).not.toContain("assay keys create");
    expect(readFileSync(keyFile, "utf8")).toBe(`${key}\n`);
    expect((await getOrganization(apiUrl, key)).status).toBe(200);
    expect(await second.stop()).toMatchObject({ code: 0, signal: null });
  });

  it("registers ASSAY_BOOTSTRAP_API_KEY as given (20 characters suffice) and writes no key file", async () => {
    const known = "automation-key-00001";
    expect(known).toHaveLength(20);
    const { env, apiUrl } = await serviceEnv(testDatabase(), { ASSAY_BOOTSTRAP_API_KEY: known });
    const server = await startServer([], env);
    expect(server.stdout()).toContain("\n  API key   the one in ASSAY_BOOTSTRAP_API_KEY\n");
    expect(server.stdout()).not.toContain(known);
    expect(server.stdout()).not.toMatch(/assay_/);
    expect(existsSync(join(testDatabase().dataDir, KEY_FILE))).toBe(false);

    const org = await getOrganization(apiUrl, known);
    expect(org.status).toBe(200);
    expect(org.body.data?.name).toBe("Default Organization");
    expect(await server.stop()).toMatchObject({ code: 0, signal: null });
  });

  it("refuses an ASSAY_BOOTSTRAP_API_KEY under 20 characters with exit code 2, touching nothing", async () => {
    const { env } = await serviceEnv(testDatabase(), {
      ASSAY_BOOTSTRAP_API_KEY: "automation-key-0001",
    });
    const result = await startCli(["serve"], env).exited;
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "invalid configuration:\n  ASSAY_BOOTSTRAP_API_KEY: must be at least 20 characters\n",
    );
    expect(result.stdout).toBe("");
    expect(existsSync(join(testDatabase().dataDir, "master.key"))).toBe(false);
  });

  it("says --no-workers in the banner and still serves the API", async () => {
    const { env, apiUrl } = await serviceEnv(testDatabase());
    const server = await startServer(["--no-workers"], env);
    expect(server.stdout()).toContain("\n  workers   none (--no-workers)\n");
    const key = server.stdout().match(GENERATED_KEY_LINE)?.[1] as string;
    expect((await getOrganization(apiUrl, key)).status).toBe(200);
    expect(await server.stop()).toMatchObject({ code: 0, signal: null });
  });

  it("replaces a key file left from an earlier database with a fresh one of mode 0600", async () => {
    const keyFile = join(testDatabase().dataDir, KEY_FILE);
    writeFileSync(keyFile, "assay_stale\n", { mode: 0o644 });
    const { env } = await serviceEnv(testDatabase());
    const server = await startServer([], env);
    const key = server.stdout().match(GENERATED_KEY_LINE)?.[1] as string;
    expect(readFileSync(keyFile, "utf8")).toBe(`${key}\n`);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(await server.stop()).toMatchObject({ code: 0 });
  });

  it("creates a missing data dir for the key file when ASSAY_MASTER_KEY is set", async () => {
    // With a configured master key nothing else needs the data dir before the key file (on
    // PostgreSQL not even the database), so the bootstrap must create it itself.
    const dataDir = join(testDatabase().dataDir, "not", "yet");
    const { env, apiUrl } = await serviceEnv(testDatabase(), {
      ASSAY_DATA_DIR: dataDir,
      ASSAY_MASTER_KEY: randomBytes(32).toString("hex"),
    });
    const server = await startServer(["--no-workers"], env);
    const key = server.stdout().match(GENERATED_KEY_LINE)?.[1] as string;
    expect(readFileSync(join(dataDir, KEY_FILE), "utf8")).toBe(`${key}\n`);
    expect(statSync(join(dataDir, KEY_FILE)).mode & 0o777).toBe(0o600);
    expect((await getOrganization(apiUrl, key)).status).toBe(200);
    expect(await server.stop()).toMatchObject({ code: 0 });
  });

  it("refuses to start with another master key than the database was set up with", async () => {
    const { env, apiUrl } = await serviceEnv(testDatabase());
    const first = await startServer(["--no-workers"], env);
    const key = first.stdout().match(GENERATED_KEY_LINE)?.[1] as string;

    // A second process on the same database (and data dir) with a different ASSAY_MASTER_KEY.
    const other = await serviceEnv(testDatabase(), {
      ASSAY_MASTER_KEY: randomBytes(32).toString("hex"),
    });
    const refused = await startCli(["serve"], other.env).exited;
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      "assay: the master key differs from the one this database was set up with: set " +
        "ASSAY_MASTER_KEY to that key (every process sharing the database needs the same key)\n",
    );
    expect(refused.stdout).not.toContain("listening");

    // The first process is unaffected.
    expect((await getOrganization(apiUrl, key)).status).toBe(200);
    expect(await first.stop()).toMatchObject({ code: 0 });
  });
});

describe("assay worker", () => {
  it("starts, says which queue it works, and stops cleanly on SIGTERM", async () => {
    const { env } = await serviceEnv(testDatabase());
    const worker = startCli(["worker"], env);
    await worker.waitForStdout(/worker: .*\n/);
    expect(worker.stdout()).toBe(`Assay ${SERVICE_VERSION} worker: ${QUEUE}, 4 jobs at a time\n`);
    const stopped = await worker.stop("SIGTERM");
    expect(stopped).toMatchObject({ code: 0, signal: null });
    expect(stopped.stdout).toMatch(/\nSIGTERM: shutting down\n$/);
    expect(stopped.stderr).toBe("");
  });
});

import { copyFileSync, mkdirSync, mkdtempSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, serviceEnv, startServer, useFreshDatabase } from "./support/cli.ts";

/**
 * A user who started the service with ./scripts/start.sh has a key saved in the data dir: client
 * commands without --api-key or SERVICE_API_KEY use it for a service on this machine, and say so.
 */

const database = useFreshDatabase();

describe("the API key saved on first start", () => {
  it("is used for a local service when no key is given, with one line saying so", async () => {
    const { env, port, apiUrl } = await serviceEnv(database());
    await startServer([], env);
    const dataDir = database().dataDir;
    const saved = join(dataDir, "bootstrap-api-key");

    // ASSAY_DATA_DIR names the data dir, as it does for the service.
    const named = await runCli(["models", "list", "--json"], {
      ASSAY_DATA_DIR: dataDir,
      SERVICE_BASE_URL: apiUrl,
    });
    expect(named.code, named.stderr).toBe(0);
    expect(named.stderr).toBe(`assay: using the API key saved in ${saved}\n`);
    expect(JSON.parse(named.stdout)).toBeInstanceOf(Array);

    // Without it, ./.assay of the working directory; `localhost` is this machine too.
    const cwd = mkdtempSync(join(dataDir, "work-"));
    mkdirSync(join(cwd, ".assay"));
    copyFileSync(saved, join(cwd, ".assay/bootstrap-api-key"));
    const local = await runCli(
      ["eval", "list", "--base-url", `http://localhost:${port}/api/v1`],
      {},
      { cwd },
    );
    expect(local.code, local.stderr).toBe(0);
    expect(local.stderr).toBe("assay: using the API key saved in .assay/bootstrap-api-key\n");
    expect(local.stdout).toBe("no evaluations\n");

    // A key given wins, even a wrong one: nothing falls back behind the user's back.
    const wrong = await runCli(["models", "list", "--api-key", "assay_wrong"], {
      ASSAY_DATA_DIR: dataDir,
      SERVICE_BASE_URL: apiUrl,
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/^assay: the service refused the API key/);
  });

  it("never goes to a service on another machine", async () => {
    const { env } = await serviceEnv(database());
    await startServer([], env);
    const elsewhere = await runCli(["models", "list"], {
      ASSAY_DATA_DIR: database().dataDir,
      SERVICE_BASE_URL: "http://assay.example.com:8080/api/v1",
    });
    expect(elsewhere).toMatchObject({ code: 1, stdout: "" });
    expect(elsewhere.stderr).toMatch(/^assay: no API key: pass --api-key or set SERVICE_API_KEY/);
  });
});

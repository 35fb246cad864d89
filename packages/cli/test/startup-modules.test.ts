import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { apiEnv, useTestService } from "./support/api-cli.ts";
import { type CliEnv, runCli } from "./support/cli.ts";

/**
 * The architecture rule "client commands must not load the server", checked on the real entry
 * point: a module hook (support/record-modules.ts) logs every module a command loads.
 */

const service = useTestService();
const RECORDER = fileURLToPath(new URL("./support/record-modules.ts", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "assay-modules-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let runs = 0;
/** Runs `assay <args>` and answers the URLs of the modules it loaded. */
async function loadedModules(args: string[], env: CliEnv = {}): Promise<string[]> {
  const log = join(scratch, `modules-${++runs}.txt`);
  const result = await runCli(
    args,
    { ...env, ASSAY_TEST_MODULE_LOG: log },
    {
      nodeArgs: ["--import", RECORDER],
    },
  );
  expect(result.code, result.stderr).toBe(0);
  return readFileSync(log, "utf8").trim().split("\n");
}

const isServerModule = (url: string) =>
  url.includes("/packages/server/") || url.includes("/node_modules/@assay/server/");

describe("start-up of the assay command", () => {
  it("--version, --help and a client command's help do not load the server", async () => {
    for (const args of [["--version"], ["--help"], ["models", "list", "--help"]]) {
      const modules = await loadedModules(args);
      expect(modules.filter(isServerModule), args.join(" ")).toEqual([]);
    }
    // Nor the protocol's schemas or the SDK, for --version: only commander and the CLI's own.
    const version = await loadedModules(["--version"]);
    expect(version.filter((url) => url.includes("/packages/client/"))).toEqual([]);
    expect(version.filter((url) => url.includes("/packages/protocol/"))).toEqual([]);
  });

  it("a client command talks to the service through the SDK without loading the server", async () => {
    const modules = await loadedModules(["eval", "list"], apiEnv(service()));
    expect(modules.some((url) => url.includes("/packages/client/src/"))).toBe(true);
    expect(modules.filter(isServerModule)).toEqual([]);
  });

  it("an admin command does load the server (so the check above can fail)", async () => {
    const modules = await loadedModules(["catalog", "list", "--json"], {
      ASSAY_DATA_DIR: join(scratch, "data"),
    });
    expect(modules.some(isServerModule)).toBe(true);
  });
});

import { execFile } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SDK_ENV_VARS } from "../support/env.ts";

/**
 * @assay/client as a user gets it: `npm pack` of it and of @assay/protocol (their prepack builds
 * dist/), the two tarballs installed into a fresh project outside the repository, and a program
 * (consumer.ts) type-checked there by tsc --strict and run by plain node against a real Assay
 * (SQLite, or PostgreSQL with DATABASE_URL).
 */

const execFileAsync = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const PACKAGES = ["protocol", "client"] as const;
const TYPESCRIPT_VERSION = (
  JSON.parse(readFileSync(join(REPO_ROOT, "node_modules/typescript/package.json"), "utf8")) as {
    version: string;
  }
).version;

interface PackResult {
  name: string;
  version: string;
  filename: string;
  size: number;
  files: { path: string }[];
}

/**
 * The environment of the commands: this one without NODE_OPTIONS (plain node), the SDK's variables
 * and the npm_* variables an outer `npm test` sets (npm would read them as its own configuration).
 */
function commandEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (/^npm_/i.test(name) || name === "NODE_OPTIONS") delete env[name];
  }
  for (const name of SDK_ENV_VARS) delete env[name];
  return { ...env, ...extra };
}

/** Runs a command; its stdout, or an error with both outputs when it exits non-zero. */
async function run(
  file: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<string> {
  try {
    const { stdout } = await execFileAsync(file, args, {
      cwd,
      env: commandEnv(env),
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${file} ${args.join(" ")} failed:\n${stdout}\n${stderr}`);
  }
}

/** What `tsc` reports for `args` in the project: empty when it passes, else its errors. */
async function typeErrors(args: string[]): Promise<string> {
  try {
    await execFileAsync(join(project, "node_modules/.bin/tsc"), args, {
      cwd: project,
      env: commandEnv(),
    });
    return "";
  } catch (error) {
    // Never empty: tsc prints its diagnostics on stdout, a failure to start shows as the error.
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    return stdout || stderr || String(error);
  }
}

let dir: string;
let project: string;
let packed: PackResult[];
let service: TestService;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "assay-pack-"));
  project = join(dir, "project");
  const workspaces = PACKAGES.flatMap((name) => ["-w", `@assay/${name}`]);
  packed = JSON.parse(
    await run("npm", ["pack", "--json", "--pack-destination", dir, ...workspaces], REPO_ROOT),
  ) as PackResult[];

  mkdirSync(project);
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({ name: "assay-consumer", private: true, type: "module" }),
  );
  const [protocol, client] = packed.map((result) => join(dir, result.filename));
  // The npm cache has zod and typescript from the repository's own install: quick, and offline.
  // The protocol goes in first, so the client's "@assay/protocol": "^0.1.0" finds it installed
  // instead of asking the registry, where it may not be published yet.
  const install = ["install", "--prefer-offline", "--no-audit", "--no-fund"];
  await run("npm", [...install, protocol!, `typescript@${TYPESCRIPT_VERSION}`], project);
  await run("npm", [...install, client!], project);
  copyFileSync(
    fileURLToPath(new URL("consumer.ts", import.meta.url)),
    join(project, "consumer.ts"),
  );
  writeFileSync(
    join(project, "sums.jsonl"),
    ['{"input": "2 + 2", "truth": "4"}', '{"input": "3 + 4", "truth": "7"}', ""].join("\n"),
  );
  service = await startTestService();
}, 180_000);

afterAll(async () => {
  await service?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  // The workspace runs sources; leave no compiled copy behind that a node started without the
  // @assay/source condition could silently pick up.
  for (const name of PACKAGES)
    rmSync(join(REPO_ROOT, "packages", name, "dist"), { recursive: true, force: true });
});

describe("the npm packages", () => {
  it("hold compiled ESM with declarations, the README and package.json, no sources or tests", () => {
    expect(packed.map((result) => `${result.name}@${result.version}`)).toEqual([
      "@assay/protocol@0.1.0",
      "@assay/client@0.1.0",
    ]);
    for (const result of packed) {
      const paths = result.files.map((file) => file.path);
      expect(paths).toEqual(
        expect.arrayContaining(["package.json", "README.md", "dist/index.js", "dist/index.d.ts"]),
      );
      const unexpected = paths.filter(
        (path) =>
          !/^(package\.json|README\.md|openapi\.json|dist\/[\w/-]+\.(js|d\.ts))$/.test(path),
      );
      expect(unexpected).toEqual([]);
      expect(paths.filter((path) => path.includes(".test."))).toEqual([]);
      // Every compiled module comes with its declarations.
      const modules = paths.filter((path) => path.endsWith(".js"));
      expect(paths.filter((path) => path.endsWith(".d.ts"))).toHaveLength(modules.length);
    }
    expect(packed[0]!.files.map((file) => file.path)).toContain("openapi.json");
    expect(packed[1]!.files.map((file) => file.path)).toContain("dist/errors.js");
  });

  it("are ready to publish: public, and the client's @assay/protocol range met by the packed one", async () => {
    const manifest = (name: string) =>
      JSON.parse(readFileSync(join(project, "node_modules/@assay", name, "package.json"), "utf8"));
    for (const name of PACKAGES) {
      expect(manifest(name)).toMatchObject({
        version: "0.1.0",
        license: "MIT",
        engines: { node: ">=20" },
        types: "./dist/index.d.ts",
        publishConfig: { access: "public" },
        sideEffects: false,
      });
      expect(manifest(name).private).toBeUndefined();
    }
    expect(manifest("client").dependencies).toEqual({ "@assay/protocol": "^0.1.0" });

    // One copy of the protocol, the packed one, serves both the project and the client.
    const tree = JSON.parse(await run("npm", ["ls", "--json", "--all"], project));
    expect(tree.dependencies["@assay/protocol"].resolved).toBe(
      `file:${join(dir, packed[0]!.filename)}`,
    );
    expect(tree.dependencies["@assay/client"].dependencies["@assay/protocol"].version).toBe(
      "0.1.0",
    );
    expect(existsSync(join(project, "node_modules/@assay/client/node_modules"))).toBe(false);
    const resolved = await run(
      process.execPath,
      ["--input-type=module", "-e", 'console.log(import.meta.resolve("@assay/client"))'],
      project,
    );
    expect(resolved.trim()).toBe(`file://${project}/node_modules/@assay/client/dist/index.js`);
  });
});

// tsc takes seconds, more on a busy machine.
describe("a program using them", { timeout: 120_000 }, () => {
  it("type-checks with tsc --strict, with TypeScript's defaults and with Node's ESM resolution", async () => {
    // skipLibCheck stays off: the packages' .d.ts files (and zod's) are checked too.
    expect(await typeErrors(["--strict", "--noEmit", "consumer.ts"])).toBe("");
    expect(await typeErrors(["--strict", "--noEmit", "--module", "nodenext", "consumer.ts"])).toBe(
      "",
    );
  });

  it("gets real types, not any: a wrong argument fails to type-check", async () => {
    writeFileSync(
      join(project, "misuse.ts"),
      'import { Client } from "@assay/client";\nawait new Client().benchmarks.getById(42);\n',
    );
    expect(await typeErrors(["--strict", "--noEmit", "--module", "nodenext", "misuse.ts"])).toMatch(
      /misuse\.ts\(2,\d+\): error TS2345: Argument of type 'number' is not assignable to parameter of type 'string'/,
    );
  });

  it("runs compiled, with plain node, against a live Assay", async () => {
    expect(await typeErrors(["--strict", "--module", "nodenext", "consumer.ts"])).toBe("");
    const stdout = await run(process.execPath, ["consumer.js"], project, {
      SERVICE_API_KEY: service.apiKey,
      SERVICE_BASE_URL: service.apiUrl,
    });
    expect(JSON.parse(stdout)).toEqual({
      version: "0.1.0",
      organization: "Default Organization",
      project: "Default Project",
      evaluations: { listed: 0, total: 0 },
      benchmark: { name: "Packaged sums", prompts: 2 },
      missing: "NotFoundError 404",
      badRows: expect.stringMatching(/^UnprocessableEntityError Error code: 422 - .*line 1/),
      route: "GET /organizations/{organization_id}/projects/{project_id}/benchmarks/{benchmark_id}",
    });
  });
});

import { spawnSync } from "node:child_process";
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

/**
 * `bin/assay`, the launcher at the repository's root: it finds Node.js 24 whatever `node` the
 * machine has, keeps the entry point's V8 and malloc flags, follows symlinks to itself and runs
 * from any directory. Run from a temporary cwd with a fake `node` v20 first on PATH.
 */

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const LAUNCHER = join(REPO_ROOT, "bin/assay");
const ENTRY = join(REPO_ROOT, "packages/cli/bin/assay.js");
const scratch = mkdtempSync(join(tmpdir(), "assay-launcher-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The system's tools (sh, env, readlink, dirname) without any node of the machine's. */
const SYSTEM_PATH = "/usr/bin:/bin";

function executable(path: string, text: string) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  chmodSync(path, 0o755);
}

/** A directory holding a `node` that says it is v20 and fails anything else, as Node 20 would. */
function fakeNode20(): string {
  const dir = join(scratch, "node-20");
  executable(
    join(dir, "node"),
    `#!/bin/sh
case "$*" in
  --version) echo v20.20.2 ;;
  -p*) echo 20 ;;
  *) echo "fake node 20 cannot run $*" >&2; exit 9 ;;
esac
`,
  );
  return dir;
}

/**
 * A clone of the repository in miniature: the real launcher and entry point (with its shebang),
 * and a main.ts that reports how it was started instead of the CLI. `node24` adds
 * .tools/node-24/bin/node, as ./scripts/start.sh installs it.
 */
function miniClone(name: string, options: { node24: boolean }): string {
  const root = join(scratch, name);
  mkdirSync(join(root, "node_modules"), { recursive: true });
  mkdirSync(join(root, "packages/cli/src"), { recursive: true });
  executable(join(root, "bin/assay"), readFileSync(LAUNCHER, "utf8"));
  executable(join(root, "packages/cli/bin/assay.js"), readFileSync(ENTRY, "utf8"));
  writeFileSync(
    join(root, "packages/cli/src/main.ts"),
    `console.log(JSON.stringify({
  node: process.versions.node.split(".")[0],
  execArgv: process.execArgv,
  malloc: process.env.MALLOC_ARENA_MAX,
  cwd: process.cwd(),
  args: process.argv.slice(2),
}));
`,
  );
  if (options.node24) {
    mkdirSync(join(root, ".tools/node-24/bin"), { recursive: true });
    symlinkSync(process.execPath, join(root, ".tools/node-24/bin/node"));
  }
  return root;
}

function run(command: string, args: string[], cwd: string, path: string) {
  const result = spawnSync(command, args, {
    cwd,
    env: { PATH: path, HOME: scratch },
    encoding: "utf8",
    timeout: 20_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("bin/assay", () => {
  it("runs the entry point on .tools/node-24 with its flags, through symlinks, from any cwd", () => {
    const root = miniClone("with-tools", { node24: true });
    // A relative symlink to an absolute one, as `ln -s "$PWD/bin/assay" ~/.local/bin/assay` makes.
    const links = join(scratch, "links");
    mkdirSync(links, { recursive: true });
    symlinkSync(join(root, "bin/assay"), join(links, "assay-real"));
    symlinkSync("assay-real", join(links, "assay"));
    const cwd = mkdtempSync(join(scratch, "cwd-"));

    const result = run(
      "assay",
      ["eval", "list", "--json"],
      cwd,
      `${links}:${fakeNode20()}:${SYSTEM_PATH}`,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      node: "24",
      execArgv: [
        "--conditions=@assay/source",
        "--max-semi-space-size=16",
        "--heap-growing-percent=100",
      ],
      malloc: "2",
      cwd,
      args: ["eval", "list", "--json"],
    });
  });

  it("uses the node on PATH when it is 24, and says what to do when it is not", () => {
    const root = miniClone("without-tools", { node24: false });
    const cwd = mkdtempSync(join(scratch, "cwd-"));
    const node24 = join(scratch, "node-24");
    mkdirSync(node24, { recursive: true });
    symlinkSync(process.execPath, join(node24, "node"));

    const ok = run(join(root, "bin/assay"), ["--version"], cwd, `${node24}:${SYSTEM_PATH}`);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ node: "24", malloc: "2", cwd });

    const old = run(join(root, "bin/assay"), ["--version"], cwd, `${fakeNode20()}:${SYSTEM_PATH}`);
    expect(old).toMatchObject({ code: 127, stdout: "" });
    expect(old.stderr).toContain("assay: needs Node.js 24 (found: v20.20.2)");
    expect(old.stderr).toContain(`Run ${root}/scripts/start.sh once`);

    rmSync(join(root, "node_modules"), { recursive: true });
    const bare = run(join(root, "bin/assay"), ["--version"], cwd, `${node24}:${SYSTEM_PATH}`);
    expect(bare.code).toBe(127);
    expect(bare.stderr).toContain("the dependencies are not installed");
  });

  it("runs the real CLI from another directory", () => {
    const cwd = mkdtempSync(join(scratch, "cwd-"));
    const path = `${dirname(process.execPath)}:${SYSTEM_PATH}`;
    const result = run(LAUNCHER, ["--version"], cwd, path);
    expect(result, result.stderr).toMatchObject({ code: 0, stdout: "0.1.0\n", stderr: "" });
  });
});

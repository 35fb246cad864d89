// The peers' installs, made on first use and remade when their pins change: promptfoo with `npm ci`
// from bench/peers' lock file (outside the workspace), Inspect AI and lm-evaluation-harness with pip
// from bench/peers/requirements.txt into a virtualenv bench/peers/.venv-<python version> (the
// approach of fuzz/run.sh). A hash of the lock or requirements file, kept beside the install, says
// whether it is current. Nothing here runs while a cell is measured.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

export const PEERS = resolve(import.meta.dirname, "../peers");

/** Runs `npm ci` in bench/peers unless node_modules matches the lock file; answers why it failed. */
export function installNodePeers(): string | undefined {
  const stamp = join(PEERS, "node_modules/.assay-bench-lock-sha256");
  const hash = sha256(join(PEERS, "package-lock.json"));
  if (readOr(stamp) === hash) return undefined;
  console.log("== promptfoo: npm ci --prefix bench/peers (once)");
  // npm next to this node, as `npm run` runs the bench with it.
  const path = `${dirname(process.execPath)}:${process.env.PATH ?? ""}`;
  const npm = spawnSync("npm", ["ci", "--no-audit", "--no-fund", "--prefix", PEERS], {
    stdio: "inherit",
    env: { ...process.env, PATH: path },
  });
  if (npm.status !== 0) return `npm ci --prefix bench/peers exited with ${npm.status}`;
  writeFileSync(stamp, hash);
  return undefined;
}

export interface PythonPeers {
  /** The virtualenv's bin directory (inspect, lm_eval, python). */
  bin: string;
  /** Installed versions by distribution name, e.g. "inspect-ai" → "0.3.285". */
  versions: Record<string, string>;
}

/**
 * The Python peers' virtualenv, made or refreshed when requirements.txt changed (pip: a minute or
 * two the first time); a string says why it could not be. ASSAY_PYTHON picks the interpreter.
 */
export function installPythonPeers(): PythonPeers | string {
  const python = process.env.ASSAY_PYTHON ?? "python3";
  const probe = spawnSync(python, ["-c", 'import sys; print("%d.%d" % sys.version_info[:2])'], {
    encoding: "utf8",
  });
  if (probe.status !== 0) return `${python} did not run (${probe.error?.message ?? probe.stderr})`;
  const venv = join(PEERS, `.venv-${probe.stdout.trim()}`);
  const requirements = join(PEERS, "requirements.txt");
  const stamp = join(venv, ".requirements-sha256");
  const hash = sha256(requirements);
  const bin = join(venv, "bin");
  if (readOr(stamp) !== hash) {
    console.log(
      `== Inspect AI and lm-eval: pip install -r bench/peers/requirements.txt into ${venv}`,
    );
    rmSync(venv, { recursive: true, force: true });
    const steps: [string, string[]][] = [
      [python, ["-m", "venv", venv]],
      [
        join(bin, "python"),
        ["-m", "pip", "install", "--disable-pip-version-check", "--quiet", "-r", requirements],
      ],
    ];
    for (const [file, args] of steps) {
      const step = spawnSync(file, args, { stdio: "inherit" });
      if (step.status !== 0) return `${[file, ...args].join(" ")} exited with ${step.status}`;
    }
    writeFileSync(stamp, hash);
  }
  const names = ["inspect-ai", "lm-eval"];
  const read = spawnSync(
    join(bin, "python"),
    [
      "-c",
      "import importlib.metadata as m, json, sys; print(json.dumps({n: m.version(n) for n in sys.argv[1:]}))",
      ...names,
    ],
    { encoding: "utf8" },
  );
  if (read.status !== 0) return `the virtualenv ${venv} is broken (${read.stderr.trim()})`;
  return { bin, versions: JSON.parse(read.stdout) as Record<string, string> };
}

/** Environment for a Python peer: everything local, nothing phones home or looks for updates. */
export function offlineEnv(home: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    HF_HOME: join(home, "hf"),
    HF_HUB_OFFLINE: "1",
    HF_DATASETS_OFFLINE: "1",
    TRANSFORMERS_OFFLINE: "1",
    HF_HUB_DISABLE_TELEMETRY: "1",
    DO_NOT_TRACK: "1",
    PYTHONUNBUFFERED: "1",
  };
}

function sha256(file: string): string {
  return createHash("sha256").update(readFileSync(file)).digest("hex");
}

function readOr(file: string): string | undefined {
  return existsSync(file) ? readFileSync(file, "utf8") : undefined;
}

import { existsSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Where the CLI looks for the service's data dir (the SQLite file, blobs, master key and the key
 * saved on first start) when it works beside the service: admin commands (`keys`, `catalog`) and
 * the saved API key of client commands. `serve` and `worker` keep the service's own rule
 * (ASSAY_DATA_DIR, else ./.assay).
 *
 * The order: ASSAY_DATA_DIR; else ./.assay when it exists; else the .assay of the clone this CLI
 * runs from, when it exists, because that is where ./scripts/start.sh (run from the clone's root)
 * keeps it, and `bin/assay` on PATH runs from any directory; else ./.assay.
 */
export interface DataDir {
  path: string;
  /** How it was chosen: the variable, the working directory, or the clone's. */
  from: "ASSAY_DATA_DIR" | "cwd" | "clone";
}

/** The repository root when the CLI runs from a clone (packages/cli/src/ → ../../../). */
const CLONE_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

export function findDataDir(
  env: Record<string, string | undefined> = process.env,
  cwd = process.cwd(),
): DataDir {
  const configured = env.ASSAY_DATA_DIR?.trim();
  if (configured) return { path: resolve(cwd, configured), from: "ASSAY_DATA_DIR" };
  const local = resolve(cwd, ".assay");
  if (existsSync(local)) return { path: local, from: "cwd" };
  const clone = join(CLONE_ROOT, ".assay");
  if (existsSync(clone)) return { path: clone, from: "clone" };
  return { path: local, from: "cwd" };
}

/** A path as a message shows it: relative when under the working directory, else absolute. */
export function displayPath(path: string, cwd = process.cwd()): string {
  const rel = relative(cwd, path);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) ? rel : path;
}

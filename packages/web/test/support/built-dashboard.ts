import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const WEB_DIR = fileURLToPath(new URL("../..", import.meta.url));
export const DIST_DIR = join(WEB_DIR, "dist");

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/**
 * The dashboard as `assay serve` would serve it: `dist/`, rebuilt with Vite when it is missing or
 * older than the sources (the tests must see the code under test, not yesterday's build), its
 * own and the packages it bundles: a new protocol value must reach the bundle's schemas.
 */
export function ensureDashboardBuilt(): string {
  const shell = join(DIST_DIR, "index.html");
  const sources = Math.max(
    newestMtime(join(WEB_DIR, "src")),
    newestMtime(join(WEB_DIR, "index.html")),
    newestMtime(join(WEB_DIR, "vite.config.ts")),
    newestMtime(join(WEB_DIR, "..", "protocol", "src")),
    newestMtime(join(WEB_DIR, "..", "client", "src")),
  );
  if (!existsSync(shell) || statSync(shell).mtimeMs < sources) {
    const viteDir = dirname(createRequire(import.meta.url).resolve("vite/package.json"));
    const vite = join(viteDir, "bin", "vite.js");
    execFileSync(process.execPath, [vite, "build", "--logLevel", "warn"], {
      cwd: WEB_DIR,
      stdio: "inherit",
      // Vitest sets NODE_ENV=test, with which Vite would build React's development bundle:
      // twice the size and much slower than what users get.
      env: { ...process.env, NODE_ENV: "production" },
    });
  }
  return DIST_DIR;
}

import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * Where `assay serve` finds the built dashboard unless ASSAY_UI_DIR says otherwise: the web
 * package's Vite output in this repository. A path, not an import: the server never depends on
 * the web package, and the CLI only points it at the files.
 */
export const DEFAULT_DASHBOARD_DIR = fileURLToPath(new URL("../../web/dist", import.meta.url));

export function isDashboardBuilt(dir: string): boolean {
  return existsSync(`${dir}/index.html`);
}

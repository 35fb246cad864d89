import { readFileSync } from "node:fs";

/**
 * The version `assay --version` prints: this package's own. Read here rather than taken from
 * @assay/server, so that client commands start without loading the server (see main.ts).
 */
export const CLI_VERSION: string = (
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    version: string;
  }
).version;

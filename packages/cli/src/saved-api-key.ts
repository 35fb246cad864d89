import { readFileSync } from "node:fs";
import { join } from "node:path";
import { displayPath, findDataDir } from "./data-dir.ts";

/** The file the service writes its first-start key to, in its data dir (server: admin/bootstrap.ts). */
const KEY_FILE = "bootstrap-api-key";

/** Hosts that are this machine: a key saved here may go to them, and to nothing else. */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The API key `assay serve` saved on first start, for a command that was given none and talks to
 * a service on this machine (the default http://localhost:8080/api/v1, or any loopback address:
 * a service started with another PORT is still the one beside this data dir). Undefined when the
 * URL is elsewhere or no key is saved. `path` is for the message that says which key was used.
 */
export function readSavedApiKey(baseURL: string): { key: string; path: string } | undefined {
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" || !LOOPBACK_HOSTS.has(url.hostname)) return undefined;
  const file = join(findDataDir().path, KEY_FILE);
  let key: string;
  try {
    key = readFileSync(file, "utf8").trim();
  } catch {
    return undefined;
  }
  return key === "" ? undefined : { key, path: displayPath(file) };
}

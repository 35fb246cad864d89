import { existsSync, renameSync, rmSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Config } from "../config.ts";

/** A backup that cannot be made as asked; the message says what to do instead. */
export class BackupError extends Error {
  override name = "BackupError";
}

/**
 * A consistent copy of the SQLite database while the service runs: `VACUUM INTO` reads one
 * snapshot (WAL lets the service keep writing meanwhile) and writes it compacted to a new file,
 * which is renamed into place only once complete. The master key is not in it: keep it apart
 * (a restore needs it, and a backup without it exposes no provider key).
 */
export function backupDatabase(
  config: Config,
  destination: string,
): { path: string; bytes: number } {
  if (config.database.dialect !== "sqlite") {
    throw new BackupError(
      "the database is PostgreSQL: back it up with its own tools, e.g. " +
        'pg_dump --format=custom --file=assay.dump "$DATABASE_URL" (a consistent snapshot ' +
        "while the service runs; restore with pg_restore --dbname=<new database>)",
    );
  }
  const source = config.database.path;
  if (!existsSync(source)) throw new BackupError(`there is no database at ${source}`);
  const target = resolve(destination);
  if (existsSync(target)) throw new BackupError(`${destination} exists: name a new file`);
  const partial = `${target}.partial-${process.pid}`;
  const db = new DatabaseSync(source);
  try {
    // The service may hold the write lock for a moment; wait rather than fail.
    db.exec("PRAGMA busy_timeout = 10000");
    db.prepare("VACUUM INTO ?").run(partial);
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }
  return { path: target, bytes: statSync(target).size };
}

import type { Command } from "commander";
import { displayPath } from "../data-dir.ts";
import { loadAdminConfig } from "../with-admin.ts";

/** `assay backup <file>`: a consistent copy of the SQLite database, while the service runs. */
export function registerBackupCommand(program: Command) {
  program
    .command("backup")
    .argument("<file>", "where to write the copy (a new file)")
    .action(async (file: string) => {
      const { config, backupDatabase } = await loadAdminConfig();
      const { path, bytes } = backupDatabase(config, file);
      console.log(
        `backed up ${displayPath(config.dataDir)} to ${displayPath(path)} (${(bytes / 1e6).toFixed(1)} MB)`,
      );
      console.error(
        "the master key is not in the backup: a restore needs it too (ASSAY_MASTER_KEY, or " +
          `master.key in the data dir). To restore: put the copy at <data dir>/assay.db beside it.`,
      );
    });
}

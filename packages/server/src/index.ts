/** The server's public surface, used by the `assay` CLI and by tests. */

export { BackupError, backupDatabase } from "./admin/backup.ts";
export { BOOTSTRAP_KEY_FILE } from "./admin/bootstrap.ts";
export { type AppDeps, createApp } from "./app.ts";
export { type Config, ConfigError, type Env, loadConfig, SERVICE_VERSION } from "./config.ts";
export { createDeps, createLogger, type ServiceDeps } from "./deps.ts";
export { openAdmin, type RunningService, startService, startWorker } from "./main.ts";

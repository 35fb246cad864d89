import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Config, RunningService } from "@assay/server";
import type { Command } from "commander";
import { DEFAULT_DASHBOARD_DIR, isDashboardBuilt } from "../dashboard-dir.ts";

/** `assay serve` and `assay worker`. The server's modules load in the actions, not with the CLI. */

export function registerServeCommands(program: Command) {
  program
    .command("serve")
    .option("--no-workers", "run the HTTP API only (workers run elsewhere: `assay worker`)")
    .action(async (options: { workers: boolean }) => {
      const { loadConfig, startService, SERVICE_VERSION, BOOTSTRAP_KEY_FILE } = await import(
        "@assay/server"
      );
      const loaded = loadConfig();
      const config = {
        ...loaded,
        ui: { ...loaded.ui, dir: loaded.ui.dir ?? DEFAULT_DASHBOARD_DIR },
      };
      const service = await startService(config, { workers: options.workers });
      // Handlers first: whoever waits for the banner may send SIGTERM the moment it appears.
      closeOnSignal(() => service.close());
      const savedKeyFile = join(config.dataDir, BOOTSTRAP_KEY_FILE);
      console.log(
        describeService(config, service, SERVICE_VERSION, {
          savedKeyFile: existsSync(savedKeyFile) ? savedKeyFile : undefined,
        }),
      );
    });

  program.command("worker").action(async () => {
    const { loadConfig, startWorker, SERVICE_VERSION } = await import("@assay/server");
    const config = loadConfig();
    const worker = await startWorker(config);
    closeOnSignal(() => worker.close());
    console.log(
      `Assay ${SERVICE_VERSION} worker: ${queueLabel(config)}, ${config.worker.concurrency} jobs at a time`,
    );
  });
}

/**
 * `savedKeyFile` is the key a first start saved, still there on a later start: the banner names it
 * (the CLI reads it on this machine) rather than telling the user to create another.
 */
function describeService(
  config: Config,
  service: RunningService,
  version: string,
  saved: { savedKeyFile?: string },
): string {
  const lines = [
    `Assay ${version} listening on ${service.apiUrl}`,
    `  database  ${config.database.dialect === "sqlite" ? `SQLite ${config.database.path}` : "PostgreSQL"}`,
    `  blobs     ${config.blobs.driver === "local" ? `local ${config.blobs.root}` : `S3 bucket ${config.blobs.bucket}`}`,
    `  dashboard ${describeDashboard(config, service)}`,
    `  workers   ${service.workers ? `${queueLabel(config)}, ${config.worker.concurrency} jobs at a time` : "none (--no-workers)"}`,
  ];
  const { generatedKey, keyFile } = service.bootstrap;
  if (generatedKey) {
    lines.push(
      `  API key   ${generatedKey}`,
      `            shown once; also saved (mode 0600) to ${keyFile}`,
    );
  } else if (config.bootstrapApiKey) {
    lines.push("  API key   the one in ASSAY_BOOTSTRAP_API_KEY");
  } else if (saved.savedKeyFile) {
    lines.push(`  API key   the one saved in ${saved.savedKeyFile}`);
  } else {
    lines.push("  API keys  create one with `assay keys create`");
  }
  return lines.join("\n");
}

function describeDashboard(config: Config, service: RunningService): string {
  if (!config.ui.enabled) return "off (ASSAY_UI=false)";
  const url = `${new URL(service.apiUrl).origin}/ui/`;
  if (config.ui.dir && isDashboardBuilt(config.ui.dir)) return url;
  return `${url} (not built: run \`npm run build -w @assay/web\` or scripts/start.sh)`;
}

function queueLabel(config: Config): string {
  return config.database.dialect === "postgres" ? "pg-boss queue" : "embedded queue";
}

/** Stops cleanly on Ctrl-C or SIGTERM (running jobs are handed back); a second signal exits at once. */
function closeOnSignal(close: () => Promise<void>) {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) process.exit(130);
    closing = true;
    console.log(`${signal}: shutting down`);
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}

import type { openAdmin } from "@assay/server";
import { displayPath, findDataDir } from "./data-dir.ts";

export type Admin = Awaited<ReturnType<typeof openAdmin>>;

/**
 * Runs an admin command directly on the configured database and data dir (also while the service
 * runs), closing everything afterwards. Quieter logs than the service: warnings and errors only.
 * Run outside the clone, without ./.assay, it works on the clone's data dir (see data-dir.ts) and
 * says so, rather than quietly creating an empty one here.
 */
export async function withAdmin<T>(action: (admin: Admin) => Promise<T>): Promise<T> {
  const { config, openAdmin } = await loadAdminConfig();
  const admin = await openAdmin(config);
  try {
    return await action(admin);
  } finally {
    await admin.close();
  }
}

/** The service's configuration on the data dir admin commands use, and the server's module. */
export async function loadAdminConfig() {
  const dataDir = findDataDir();
  if (dataDir.from === "clone") {
    console.error(
      `assay: using the data dir ${displayPath(dataDir.path)} (no ./.assay here; set ASSAY_DATA_DIR to choose another)`,
    );
  }
  // Loaded here, not at the top: client commands must start without the server's modules.
  const server = await import("@assay/server");
  const config = server.loadConfig({
    ...process.env,
    ASSAY_DATA_DIR: dataDir.path,
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  });
  return { ...server, config };
}

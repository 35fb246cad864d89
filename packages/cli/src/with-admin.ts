import { loadConfig, openAdmin } from "@assay/server";

export type Admin = Awaited<ReturnType<typeof openAdmin>>;

/**
 * Runs an admin command directly on the configured database and data dir (also while the service
 * runs), closing everything afterwards. Quieter logs than the service: warnings and errors only.
 */
export async function withAdmin<T>(action: (admin: Admin) => Promise<T>): Promise<T> {
  const admin = await openAdmin(
    loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" }),
  );
  try {
    return await action(admin);
  } finally {
    await admin.close();
  }
}

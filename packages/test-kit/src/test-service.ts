import { createKeyAdmin, type KeyAdmin } from "@assay/server/src/admin/keys.ts";
import { catalogEntries } from "@assay/server/src/catalog/catalog-entries.ts";
import { type Env, loadConfig } from "@assay/server/src/config.ts";
import { type RunningService, startService } from "@assay/server/src/main.ts";
import { generateApiKey } from "@assay/server/src/platform/crypto/api-key-material.ts";
import type { Logger } from "pino";
import { APP_DIALECT, createTestDatabase, type Dialect, type TestDatabase } from "./databases.ts";
import { freePort } from "./free-port.ts";
import { TestClock } from "./test-clock.ts";

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer is JSON, else the text. */
  body: T;
  text: string;
}

export interface CallOptions {
  /** An API key for `x-api-key`; the bootstrap key unless given; `null` sends none. */
  apiKey?: string | null;
  headers?: Record<string, string>;
  /** A JSON value to send, or a raw string/Buffer with its own Content-Type header. */
  json?: unknown;
  body?: string | Buffer;
}

/** A real service (composition root, socket, database, workers as asked) for one test file. */
export interface TestService extends AsyncDisposable {
  /** `http://127.0.0.1:<port>/api/v1` */
  apiUrl: string;
  origin: string;
  apiKey: string;
  running: RunningService;
  database: TestDatabase;
  clock: TestClock;
  admin: KeyAdmin;
  call<T = unknown>(method: string, path: string, options?: CallOptions): Promise<TestResponse<T>>;
  close(): Promise<void>;
}

export async function startTestService(
  options: {
    dialect?: Dialect;
    env?: Env;
    workers?: boolean;
    /** Share another service's database (several API processes); it is not dropped on close. */
    database?: TestDatabase;
    /** Where the service logs (silent unless given). */
    logger?: Logger;
  } = {},
): Promise<TestService> {
  const database = options.database ?? (await createTestDatabase(options.dialect ?? APP_DIALECT));
  const port = await freePort();
  const apiKey = generateApiKey();
  const clock = new TestClock();
  const config = loadConfig({
    HOST: "127.0.0.1",
    PORT: String(port),
    ASSAY_DATA_DIR: database.dataDir,
    ASSAY_BOOTSTRAP_API_KEY: apiKey,
    LOG_LEVEL: "silent",
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...options.env,
  });
  const running = await startService(config, {
    workers: options.workers ?? false,
    logger: options.logger,
    clock,
    validateResponses: true,
  });
  const origin = `http://127.0.0.1:${port}`;

  const close = async () => {
    await running.close();
    if (!options.database) await database.drop();
  };

  return {
    apiUrl: running.apiUrl,
    origin,
    apiKey,
    running,
    database,
    clock,
    admin: createKeyAdmin({
      db: running.deps.db,
      clock,
      catalog: catalogEntries(running.deps.catalog),
    }),
    async call<T>(method: string, path: string, call: CallOptions = {}): Promise<TestResponse<T>> {
      const headers: Record<string, string> = { ...call.headers };
      const key = call.apiKey === undefined ? apiKey : call.apiKey;
      if (key !== null) headers["x-api-key"] = key;
      let body: string | Buffer | undefined = call.body;
      if (call.json !== undefined) {
        body = JSON.stringify(call.json);
        headers["content-type"] ??= "application/json";
      }
      const url = path.startsWith("http")
        ? path
        : `${path.startsWith("/api") ? origin : running.apiUrl}${path}`;
      const response = await fetch(url, { method, headers, body, redirect: "manual" });
      const text = await response.text();
      let parsed: unknown = text;
      if (response.headers.get("content-type")?.includes("json")) parsed = JSON.parse(text);
      return { status: response.status, headers: response.headers, body: parsed as T, text };
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}

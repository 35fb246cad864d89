import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { z } from "zod";
import {
  loadModelCatalog,
  type ResolvedProvider,
  resolveProviders,
} from "./catalog/models/model-catalog.ts";
import { DEFAULT_SANDBOX_LIMITS, type SandboxLimits } from "./engine/sandbox/sandbox-limits.ts";
import type { S3BlobStoreOptions } from "./platform/blobs/blob-store.ts";
import type { DatabaseConfig } from "./platform/db/database.ts";
import { type HostRule, parseHostRule } from "./platform/ssrf/host-rules.ts";

/**
 * The service's configuration: the only reader of `process.env`. Every variable is validated
 * once, here, with a clear message; nothing else in the code looks at the environment. The table in
 * docs/configuration.md and `.env.example` list the same variables with the same defaults.
 */
export interface Config {
  host: string;
  port: number;
  /** Externally visible origin, used in absolute URLs handed to clients (upload URLs). */
  publicUrl: string;
  /** Where the API is mounted, e.g. `/api/v1`. */
  apiPrefix: string;
  dataDir: string;
  database: DatabaseConfig;
  bootstrapApiKey?: string;
  /** 32 bytes; when unset, generated into the data dir on first start. */
  masterKey?: Buffer;
  allowedModelHosts: HostRule[];
  /** The model catalog's providers with their keys and base URL overrides applied. */
  providers: ReadonlyMap<string, ResolvedProvider>;
  /** Where built-in benchmark data is fetched from instead of its canonical source. */
  datasetMirrorUrl?: string;
  /** The judge model (catalog key or custom model) when a benchmark or judge names none. */
  defaultJudgeModel?: string;
  blobs: { driver: "local"; root: string } | ({ driver: "s3" } & S3BlobStoreOptions);
  uploadUrlTtlSeconds: number;
  bodyLimitBytes: number;
  /** Bounds on one HTTP connection, so a slow or idle client cannot hold it for long. */
  http: HttpTimeouts;
  /**
   * The proxies whose `X-Forwarded-For` (and `-Proto`, `-Host`) are believed: false (none: the
   * client is the socket's address), their addresses and ranges, or how many hops to trust.
   * Per-address limits (sign-in, failed authentications) see the client through them.
   */
  trustProxy: false | number | string[];
  rateLimit: { enabled: boolean; perSecond: number; burst: number };
  worker: { concurrency: number; leaseSeconds: number; pollIntervalMs: number };
  /** The code sandbox code benchmarks run their answers in (engine/sandbox/). */
  sandbox: {
    concurrency: number;
    limits: Pick<SandboxLimits, "cpuSeconds" | "wallMs">;
    bubblewrap: { bwrap: string };
  };
  /** Uploaded files (traces, datasets) are parsed and stored on threads of their own. */
  imports: {
    /** Imports running at once, each on its own thread. */
    threads: number;
    /** Imports that may wait for a thread; past that, 503 with Retry-After. */
    maxWaiting: number;
    /** Files up to this size are imported on the service's thread, sooner than a thread starts. */
    inlineBytes: number;
  };
  evaluations: {
    /** Model calls in flight per endpoint when an evaluation asks for no other number. */
    concurrency: number;
    /** Prompts per job: the unit several workers share and a crash re-runs. */
    chunkSize: number;
    /** A run still going after this long ends as `timeout`. */
    maxDurationSeconds: number;
    /** Reuse the stored answer to an identical deterministic request. */
    cache: boolean;
  };
  modelCalls: { timeoutMs: number; maxAttempts: number };
  /** Notifications to integrations (webhooks, Slack): one attempt's timeout. */
  integrations: { timeoutMs: number };
  /** The model that writes smart benchmarks' questions (catalog key or custom model key). */
  generatorModel?: string;
  /** The model that rewrites judges' goals in optimizations; unset: each judge's own model. */
  optimizerModel?: string;
  /**
   * The dashboard under `/ui/`: its built files (`dir`, the CLI defaults it to packages/web/dist),
   * and how long an unused sign-in session lives. Off: `/ui/` answers the plain 404 like any path.
   */
  ui: { enabled: boolean; dir?: string; sessionTtlSeconds: number };
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** JSON lines, or readable ones; `auto` (the default): readable on a terminal only. */
  logFormat?: "auto" | "json" | "pretty";
}

export interface HttpTimeouts {
  /** The request line and headers must arrive within this (slow-header clients). */
  headersTimeoutMs: number;
  /** The whole request, body included (a 50 MiB upload at ≥ 0.5 MB/s in the default 120 s). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** A socket with no traffic either way is closed after this (event streams beat every 15 s). */
  idleTimeoutMs: number;
}

/** The environment's defaults, also a bare app's (tests). */
export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 120_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 60_000,
};
const seconds = (ms: number) => ms / 1000;

/** One delivery attempt to an integration's receiver, unless ASSAY_INTEGRATION_TIMEOUT_SECONDS says. */
export const DEFAULT_INTEGRATION_TIMEOUT_MS = 10_000;

export class ConfigError extends Error {
  override name = "ConfigError";
}

const boolean = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off"])
  .transform((v) => ["true", "1", "yes", "on"].includes(v));
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

const EnvSchema = z.object({
  /** Interface to listen on. */
  HOST: z.string().min(1).default("127.0.0.1"),
  /** TCP port to listen on. */
  PORT: int(0, 65535).default(8080),
  /** Externally visible origin (scheme://host[:port]); defaults to http://HOST:PORT. */
  ASSAY_PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Path the API is mounted under. */
  ASSAY_API_PREFIX: z
    .string()
    .regex(/^(\/[A-Za-z0-9._~-]+)*$/, "must be empty or like /api/v1 (no trailing slash)")
    .default("/api/v1"),
  /** SQLite file, local blobs, generated master key and bootstrap key live here. */
  ASSAY_DATA_DIR: z.string().min(1).default("./.assay"),
  /** PostgreSQL connection URL; SQLite under the data dir when unset. */
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  /** Connections per process in the PostgreSQL pool. */
  ASSAY_DATABASE_POOL_SIZE: int(1, 1000).default(10),
  /** A known API key to accept (at least 20 characters), for automation. */
  ASSAY_BOOTSTRAP_API_KEY: optionalText.pipe(
    z.string().min(20, "must be at least 20 characters").max(512).optional(),
  ),
  /** 32-byte key for secrets at rest: 64 hex characters or base64. Generated when unset. */
  ASSAY_MASTER_KEY: optionalText,
  /** Comma-separated host, host:port, IP or CIDR entries exempt from the private-address refusal. */
  ALLOWED_MODEL_HOSTS: z.string().default(""),
  /** Fetch built-in benchmark data from `<url>/<benchmark key>/<file name>` (air-gapped installs). */
  ASSAY_DATASET_MIRROR_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** The judge model (a catalog key or a custom model key) for benchmarks and judges naming none. */
  ASSAY_DEFAULT_JUDGE_MODEL: optionalText,
  /** S3-compatible blob storage: set the bucket to use it instead of the local folder. */
  ASSAY_S3_BUCKET: optionalText,
  ASSAY_S3_REGION: z.string().min(1).default("us-east-1"),
  ASSAY_S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  ASSAY_S3_PUBLIC_ENDPOINT: optionalText.pipe(z.url().optional()),
  ASSAY_S3_FORCE_PATH_STYLE: boolean.optional(),
  ASSAY_S3_ACCESS_KEY_ID: optionalText,
  ASSAY_S3_SECRET_ACCESS_KEY: optionalText,
  ASSAY_S3_PREFIX: z.string().default(""),
  /** Lifetime of presigned upload URLs. */
  ASSAY_UPLOAD_URL_TTL_SECONDS: int(10, 7 * 24 * 3600).default(900),
  /** Largest JSON request body (uploads go through presigned URLs instead). */
  ASSAY_BODY_LIMIT_BYTES: int(1024, 64 * 1024 * 1024).default(1024 * 1024),
  /** Connection bounds: headers, whole request, idle keep-alive, silent socket. */
  ASSAY_HTTP_HEADERS_TIMEOUT_SECONDS: int(1, 3600).default(
    seconds(DEFAULT_HTTP_TIMEOUTS.headersTimeoutMs),
  ),
  ASSAY_HTTP_REQUEST_TIMEOUT_SECONDS: int(1, 24 * 3600).default(
    seconds(DEFAULT_HTTP_TIMEOUTS.requestTimeoutMs),
  ),
  ASSAY_HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: int(1, 3600).default(
    seconds(DEFAULT_HTTP_TIMEOUTS.keepAliveTimeoutMs),
  ),
  // Above the event streams' 15 s heartbeat, or every stream would be cut.
  ASSAY_HTTP_IDLE_TIMEOUT_SECONDS: int(20, 24 * 3600).default(
    seconds(DEFAULT_HTTP_TIMEOUTS.idleTimeoutMs),
  ),
  /**
   * The load balancers or proxies in front of the service, whose X-Forwarded-For names the client:
   * comma-separated addresses, CIDR ranges and `loopback`/`linklocal`/`uniquelocal`, or a hop
   * count. Unset: none, as anyone can write the header.
   */
  ASSAY_TRUST_PROXY: optionalText.transform((value, ctx) => {
    if (value === undefined) return false as const;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops >= 1 && hops <= 10) return hops;
    }
    const entries = value
      .split(",")
      .map((e) => e.trim())
      .filter((e) => e !== "");
    const bad = entries.find((entry) => !isProxyEntry(entry));
    if (bad === undefined && entries.length > 0) return entries;
    ctx.addIssue({
      code: "custom",
      message: `"${bad ?? value}" is not an address, a CIDR range, loopback, linklocal, uniquelocal or a hop count (1-10)`,
    });
    return z.NEVER;
  }),
  /** Per-API-key token bucket: sustained requests per second, burst size, and an off switch. */
  ASSAY_RATE_LIMIT_ENABLED: boolean.default(true),
  ASSAY_RATE_LIMIT_PER_SECOND: z.coerce.number().positive().max(1e6).default(20),
  ASSAY_RATE_LIMIT_BURST: int(1, 1e6).default(200),
  /** Jobs one worker process runs at once. */
  ASSAY_WORKER_CONCURRENCY: int(1, 256).default(4),
  /** Executions of model-written code at once, per worker process (each a sandboxed process). */
  ASSAY_CODE_CONCURRENCY: int(1, 256).default(availableParallelism()),
  /**
   * CPU seconds one execution of model-written code may use; its wall time is twice that (a
   * program blocked or sleeping uses no CPU). Inspect allows 30 s, lm-eval's HumanEval 3 s.
   */
  ASSAY_CODE_TIME_LIMIT: int(1, 600).default(DEFAULT_SANDBOX_LIMITS.cpuSeconds),
  /** The bubblewrap binary code runs in (`bwrap` on PATH: Debian's package `bubblewrap`). */
  ASSAY_SANDBOX_BWRAP: z.string().min(1).default("bwrap"),
  /** A job whose worker stops renewing its lease for this long is picked up again. */
  ASSAY_JOB_LEASE_SECONDS: int(2, 3600).default(60),
  /** How often idle workers look for jobs (new local jobs wake them at once). */
  ASSAY_JOB_POLL_INTERVAL_MS: int(50, 60_000).default(1000),
  /** Imports of uploaded files running at once (a thread each), and how many may wait. */
  ASSAY_IMPORT_THREADS: int(1, 64).default(1),
  ASSAY_IMPORT_QUEUE: int(0, 10_000).default(32),
  ASSAY_IMPORT_INLINE_BYTES: int(0, 50 * 1024 * 1024).default(256 * 1024),
  /** Model calls in flight per endpoint for an evaluation that does not ask for a number. */
  ASSAY_EVAL_CONCURRENCY: int(1, 1024).default(16),
  /** Prompts per evaluation job; several workers share an evaluation job by job. */
  ASSAY_EVAL_CHUNK_SIZE: int(10, 100_000).default(500),
  /** An evaluation still running after this long ends as `timeout`. */
  ASSAY_EVAL_MAX_DURATION_SECONDS: int(10, 30 * 24 * 3600).default(24 * 3600),
  /** Reuse stored answers to identical deterministic model requests (per organization). */
  ASSAY_RESPONSE_CACHE: boolean.default(true),
  /** Timeout of one model call attempt, and attempts before a prompt counts as failed. */
  ASSAY_MODEL_TIMEOUT_SECONDS: int(1, 3600).default(120),
  ASSAY_MODEL_MAX_ATTEMPTS: int(1, 20).default(5),
  /** Timeout of one delivery attempt to an integration's receiver (webhook, Slack). */
  ASSAY_INTEGRATION_TIMEOUT_SECONDS: int(1, 300).default(DEFAULT_INTEGRATION_TIMEOUT_MS / 1000),
  /** The model writing smart benchmarks' questions; the default judge model when unset. */
  ASSAY_GENERATOR_MODEL: optionalText,
  /** The model critiquing and rewriting judge goals in optimizations; the judge's own when unset. */
  ASSAY_OPTIMIZER_MODEL: optionalText,
  /** The web dashboard under /ui/ (and its sign-in sessions); false: strictly the API. */
  ASSAY_UI: boolean.default(true),
  /** The dashboard's built files (index.html, assets/); `assay serve` uses packages/web/dist. */
  ASSAY_UI_DIR: optionalText,
  /** A dashboard session unused for this long ends (sliding expiry). */
  ASSAY_UI_SESSION_HOURS: int(1, 30 * 24).default(12),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOG_FORMAT: z.enum(["auto", "json", "pretty"]).default("auto"),
});

export type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.ASSAY_DATA_DIR);
  const urlHost = e.HOST.includes(":") ? `[${e.HOST}]` : e.HOST;

  return {
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.ASSAY_PUBLIC_URL ?? `http://${urlHost}:${e.PORT}`).replace(/\/+$/, ""),
    apiPrefix: e.ASSAY_API_PREFIX,
    dataDir,
    database: e.DATABASE_URL
      ? { dialect: "postgres", url: e.DATABASE_URL, poolSize: e.ASSAY_DATABASE_POOL_SIZE }
      : { dialect: "sqlite", path: resolve(dataDir, "assay.db") },
    bootstrapApiKey: e.ASSAY_BOOTSTRAP_API_KEY,
    masterKey: e.ASSAY_MASTER_KEY === undefined ? undefined : parseMasterKey(e.ASSAY_MASTER_KEY),
    allowedModelHosts: parseAllowedHosts(e.ALLOWED_MODEL_HOSTS),
    providers: readProviders(env),
    datasetMirrorUrl: e.ASSAY_DATASET_MIRROR_URL?.replace(/\/+$/, ""),
    defaultJudgeModel: e.ASSAY_DEFAULT_JUDGE_MODEL,
    blobs: e.ASSAY_S3_BUCKET
      ? {
          driver: "s3",
          bucket: e.ASSAY_S3_BUCKET,
          region: e.ASSAY_S3_REGION,
          endpoint: e.ASSAY_S3_ENDPOINT,
          publicEndpoint: e.ASSAY_S3_PUBLIC_ENDPOINT,
          // MinIO and most self-hosted stores need path-style addressing.
          forcePathStyle: e.ASSAY_S3_FORCE_PATH_STYLE ?? e.ASSAY_S3_ENDPOINT !== undefined,
          accessKeyId: e.ASSAY_S3_ACCESS_KEY_ID,
          secretAccessKey: e.ASSAY_S3_SECRET_ACCESS_KEY,
          prefix: e.ASSAY_S3_PREFIX,
        }
      : { driver: "local", root: resolve(dataDir, "blobs") },
    uploadUrlTtlSeconds: e.ASSAY_UPLOAD_URL_TTL_SECONDS,
    bodyLimitBytes: e.ASSAY_BODY_LIMIT_BYTES,
    http: {
      headersTimeoutMs: e.ASSAY_HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: e.ASSAY_HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: e.ASSAY_HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      idleTimeoutMs: e.ASSAY_HTTP_IDLE_TIMEOUT_SECONDS * 1000,
    },
    trustProxy: e.ASSAY_TRUST_PROXY,
    rateLimit: {
      enabled: e.ASSAY_RATE_LIMIT_ENABLED,
      perSecond: e.ASSAY_RATE_LIMIT_PER_SECOND,
      burst: e.ASSAY_RATE_LIMIT_BURST,
    },
    worker: {
      concurrency: e.ASSAY_WORKER_CONCURRENCY,
      leaseSeconds: e.ASSAY_JOB_LEASE_SECONDS,
      pollIntervalMs: e.ASSAY_JOB_POLL_INTERVAL_MS,
    },
    sandbox: {
      concurrency: e.ASSAY_CODE_CONCURRENCY,
      limits: { cpuSeconds: e.ASSAY_CODE_TIME_LIMIT, wallMs: 2000 * e.ASSAY_CODE_TIME_LIMIT },
      bubblewrap: { bwrap: e.ASSAY_SANDBOX_BWRAP },
    },
    imports: {
      threads: e.ASSAY_IMPORT_THREADS,
      maxWaiting: e.ASSAY_IMPORT_QUEUE,
      inlineBytes: e.ASSAY_IMPORT_INLINE_BYTES,
    },
    evaluations: {
      concurrency: e.ASSAY_EVAL_CONCURRENCY,
      chunkSize: e.ASSAY_EVAL_CHUNK_SIZE,
      maxDurationSeconds: e.ASSAY_EVAL_MAX_DURATION_SECONDS,
      cache: e.ASSAY_RESPONSE_CACHE,
    },
    modelCalls: {
      timeoutMs: e.ASSAY_MODEL_TIMEOUT_SECONDS * 1000,
      maxAttempts: e.ASSAY_MODEL_MAX_ATTEMPTS,
    },
    integrations: { timeoutMs: e.ASSAY_INTEGRATION_TIMEOUT_SECONDS * 1000 },
    generatorModel: e.ASSAY_GENERATOR_MODEL ?? e.ASSAY_DEFAULT_JUDGE_MODEL,
    optimizerModel: e.ASSAY_OPTIMIZER_MODEL,
    ui: {
      enabled: e.ASSAY_UI,
      dir: e.ASSAY_UI_DIR === undefined ? undefined : resolve(e.ASSAY_UI_DIR),
      sessionTtlSeconds: e.ASSAY_UI_SESSION_HOURS * 3600,
    },
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
  };
}

/** 64 hex characters, or base64 of exactly 32 bytes (`openssl rand -hex 32` / `-base64 32`). */
export function parseMasterKey(value: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, "hex")
    : Buffer.from(value, "base64");
  if (key.length !== 32 || (!/^[0-9a-fA-F]{64}$/.test(value) && key.toString("base64") !== value)) {
    throw new ConfigError(
      "invalid configuration:\n  ASSAY_MASTER_KEY: must be 64 hex characters or base64 of 32 bytes",
    );
  }
  return key;
}

/** An entry of ASSAY_TRUST_PROXY: an address, a CIDR range, or a range name proxy-addr knows. */
function isProxyEntry(entry: string): boolean {
  if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

function parseAllowedHosts(value: string): HostRule[] {
  const entries = value.split(",").filter((e) => e.trim() !== "");
  return entries.map((entry) => {
    try {
      return parseHostRule(entry);
    } catch (error) {
      throw new ConfigError(
        `invalid configuration:\n  ALLOWED_MODEL_HOSTS: ${(error as Error).message}`,
      );
    }
  });
}

/**
 * The model catalog's providers with the variables they read applied (`OPENAI_API_KEY`,
 * `ASSAY_PROVIDER_OPENAI_BASE_URL`, …; listed in providers.json), so a bad base URL stops the
 * start instead of the first evaluation.
 */
function readProviders(env: Env): ReadonlyMap<string, ResolvedProvider> {
  try {
    return resolveProviders(loadModelCatalog().providers, env);
  } catch (error) {
    throw new ConfigError(`invalid configuration:\n  ${(error as Error).message}`);
  }
}

/** The package version, shown by `assay --version` and in `/health`. */
export const SERVICE_VERSION: string = (
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    version: string;
  }
).version;

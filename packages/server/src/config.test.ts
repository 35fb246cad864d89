import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, parseMasterKey } from "./config.ts";

describe("loadConfig", () => {
  it("runs on embedded defaults with an empty environment", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: "127.0.0.1",
      port: 8080,
      publicUrl: "http://127.0.0.1:8080",
      apiPrefix: "/api/v1",
      dataDir: resolve(".assay"),
      database: { dialect: "sqlite", path: resolve(".assay", "assay.db") },
      blobs: { driver: "local", root: resolve(".assay", "blobs") },
      rateLimit: { enabled: true, perSecond: 20, burst: 200 },
      worker: { concurrency: 4, leaseSeconds: 60, pollIntervalMs: 1000 },
      uploadUrlTtlSeconds: 900,
      bodyLimitBytes: 1_048_576,
      allowedModelHosts: [],
      logLevel: "info",
    });
    expect(config.masterKey).toBeUndefined();
    expect(config.bootstrapApiKey).toBeUndefined();
  });

  it("reads every variable it documents", () => {
    const config = loadConfig({
      HOST: "0.0.0.0",
      PORT: "9000",
      ASSAY_PUBLIC_URL: "https://assay.example.com/",
      ASSAY_API_PREFIX: "/v1",
      ASSAY_DATA_DIR: "/var/lib/assay",
      DATABASE_URL: "postgres://u:p@db:5432/assay",
      ASSAY_DATABASE_POOL_SIZE: "20",
      ASSAY_BOOTSTRAP_API_KEY: "a-known-key-for-automation",
      ASSAY_MASTER_KEY: "ab".repeat(32),
      ALLOWED_MODEL_HOSTS: "localhost:11434, 10.0.0.0/8,gpu-box",
      ASSAY_S3_BUCKET: "assay",
      ASSAY_S3_ENDPOINT: "http://minio:9000",
      ASSAY_S3_ACCESS_KEY_ID: "id",
      ASSAY_S3_SECRET_ACCESS_KEY: "secret",
      ASSAY_S3_PREFIX: "prod/",
      ASSAY_UPLOAD_URL_TTL_SECONDS: "60",
      ASSAY_RATE_LIMIT_ENABLED: "off",
      ASSAY_RATE_LIMIT_PER_SECOND: "2.5",
      ASSAY_RATE_LIMIT_BURST: "5",
      ASSAY_WORKER_CONCURRENCY: "8",
      ASSAY_JOB_LEASE_SECONDS: "30",
      LOG_LEVEL: "warn",
      LOG_FORMAT: "json",
    });
    expect(config).toMatchObject({
      host: "0.0.0.0",
      port: 9000,
      publicUrl: "https://assay.example.com",
      apiPrefix: "/v1",
      dataDir: "/var/lib/assay",
      database: { dialect: "postgres", url: "postgres://u:p@db:5432/assay", poolSize: 20 },
      bootstrapApiKey: "a-known-key-for-automation",
      allowedModelHosts: [
        { kind: "host", host: "localhost", port: 11434 },
        { kind: "cidr", address: "10.0.0.0", prefix: 8, family: 4 },
        { kind: "host", host: "gpu-box" },
      ],
      blobs: {
        driver: "s3",
        bucket: "assay",
        region: "us-east-1",
        endpoint: "http://minio:9000",
        forcePathStyle: true,
        accessKeyId: "id",
        secretAccessKey: "secret",
        prefix: "prod/",
      },
      uploadUrlTtlSeconds: 60,
      rateLimit: { enabled: false, perSecond: 2.5, burst: 5 },
      worker: { concurrency: 8, leaseSeconds: 30 },
      logLevel: "warn",
      logFormat: "json",
    });
    expect(config.masterKey?.toString("hex")).toBe("ab".repeat(32));
  });

  it("trusts no proxy unless told which, by address, range or hop count", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ ASSAY_TRUST_PROXY: "" }).trustProxy).toBe(false);
    expect(
      loadConfig({ ASSAY_TRUST_PROXY: "10.0.0.0/8, 192.168.1.7,loopback" }).trustProxy,
    ).toEqual(["10.0.0.0/8", "192.168.1.7", "loopback"]);
    expect(loadConfig({ ASSAY_TRUST_PROXY: "fd00::/8" }).trustProxy).toEqual(["fd00::/8"]);
    expect(loadConfig({ ASSAY_TRUST_PROXY: "1" }).trustProxy).toBe(1);
    for (const bad of ["true", "proxy.internal", "10.0.0.0/33", "0", "1.2.3"]) {
      expect(() => loadConfig({ ASSAY_TRUST_PROXY: bad }), bad).toThrow(/ASSAY_TRUST_PROXY/);
    }
  });

  it("treats empty values as unset", () => {
    const config = loadConfig({
      DATABASE_URL: "",
      ASSAY_BOOTSTRAP_API_KEY: " ",
      ASSAY_S3_BUCKET: "",
    });
    expect(config.database.dialect).toBe("sqlite");
    expect(config.bootstrapApiKey).toBeUndefined();
    expect(config.blobs.driver).toBe("local");
  });

  it("reads the optimizer model, unset by default (each judge's own model then)", () => {
    expect(loadConfig({}).optimizerModel).toBeUndefined();
    expect(loadConfig({ ASSAY_OPTIMIZER_MODEL: " openai/gpt-4o " }).optimizerModel).toBe(
      "openai/gpt-4o",
    );
    expect(loadConfig({ ASSAY_OPTIMIZER_MODEL: "" }).optimizerModel).toBeUndefined();
  });

  it("brackets an IPv6 host in the default public URL", () => {
    expect(loadConfig({ HOST: "::1", PORT: "81" }).publicUrl).toBe("http://[::1]:81");
  });

  it.each([
    [{ PORT: "70000" }, "PORT"],
    [{ PORT: "http" }, "PORT"],
    [
      { ASSAY_BOOTSTRAP_API_KEY: "too-short" },
      "ASSAY_BOOTSTRAP_API_KEY: must be at least 20 characters",
    ],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL: must be a postgres:// or postgresql:// URL"],
    [{ ASSAY_PUBLIC_URL: "ftp://x" }, "ASSAY_PUBLIC_URL"],
    [{ ASSAY_API_PREFIX: "api/v1/" }, "ASSAY_API_PREFIX"],
    [{ ASSAY_RATE_LIMIT_ENABLED: "maybe" }, "ASSAY_RATE_LIMIT_ENABLED"],
    [
      { ALLOWED_MODEL_HOSTS: "10.0.0.0/33" },
      'ALLOWED_MODEL_HOSTS: "10.0.0.0/33" is not a CIDR range: prefix must be 0-32',
    ],
    [
      { ALLOWED_MODEL_HOSTS: "bad host" },
      'ALLOWED_MODEL_HOSTS: "bad host" is not a valid host name',
    ],
    [
      { ASSAY_MASTER_KEY: "short" },
      "ASSAY_MASTER_KEY: must be 64 hex characters or base64 of 32 bytes",
    ],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
  ])("refuses %j, naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe("parseMasterKey", () => {
  it("takes 64 hex characters or base64 of 32 bytes", () => {
    const bytes = Buffer.alloc(32, 7);
    expect(parseMasterKey(bytes.toString("hex")).equals(bytes)).toBe(true);
    expect(parseMasterKey(bytes.toString("base64")).equals(bytes)).toBe(true);
    expect(() => parseMasterKey(Buffer.alloc(31).toString("base64"))).toThrow(ConfigError);
  });
});

import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { CreateUploadResponse, ErrorBody } from "@assay/protocol";
import { APP_DIALECT, createTestDatabase, type TestDatabase } from "@assay/test-kit/databases.ts";
import { type Tenant, tenantOf } from "@assay/test-kit/evaluation-fixtures.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { mountTinyDisk, type TinyDisk } from "@assay/test-kit/tiny-disk.ts";
import { uploadFile } from "@assay/test-kit/upload-file.ts";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Out of space for real: the data dir (SQLite file, blobs) on a tmpfs that is then filled. A write
 * that finds the disk full answers 503 with a Retry-After and a message naming the storage, the
 * log says SQLITE_FULL or ENOSPC (not "cannot rollback - no transaction is active", which hid
 * SQLITE_FULL), nothing half-written stays, and once space is freed the same request succeeds.
 * Before: a bare 500. Needs root to mount; skipped elsewhere (to-app-error.test.ts and
 * sqlite-shared-connection.test.ts cover the mapping and the rollback without a mount).
 */
const logged: string[] = [];
let database: TestDatabase;
let disk: TinyDisk | undefined;
let service: TestService;
let tenant: Tenant;

beforeAll(async () => {
  database = await createTestDatabase(APP_DIALECT);
  // SQLite: the whole data dir is on the small disk; PostgreSQL: the blob folder.
  const dir = APP_DIALECT === "sqlite" ? database.dataDir : join(database.dataDir, "blobs");
  disk = mountTinyDisk(dir, "16m");
  if (!disk) return;
  service = await startTestService({
    database,
    logger: pino({ level: "error" }, { write: (line: string) => void logged.push(line) }),
    env: { ASSAY_RATE_LIMIT_ENABLED: "false" },
  });
  tenant = await tenantOf(service);
});

afterAll(async () => {
  await service?.close();
  disk?.unmount();
  await database?.drop();
});

const project = () => `/organizations/${tenant.org}/projects/${tenant.project}`;

function expectOutOfSpace(res: { status: number; headers: Headers; body: unknown }, where: string) {
  expect(res.status).toBe(503);
  expect(res.headers.get("retry-after")).toBe("60");
  const { error } = res.body as ErrorBody;
  expect(error.code).toBe("SERVICE_UNAVAILABLE");
  expect(error.message).toMatch(new RegExp(`^the service's ${where} is out of space`));
}

describe("a full disk", () => {
  it.runIf(APP_DIALECT === "sqlite")(
    "makes a SQLite write a 503 naming the database, logged as SQLITE_FULL, and then works again",
    async (context) => {
      if (!disk) return context.skip("mounting a tmpfs needs root");
      const judge = (name: string) =>
        service.call<ErrorBody>("POST", `${project()}/judges`, {
          json: { name, evaluation_goal: `Is the answer right? ${"Explain. ".repeat(2000)}` },
        });
      disk.fill();
      logged.length = 0;
      try {
        const full = await judge("first try");
        expectOutOfSpace(full, "database");
        const log = logged.join("\n");
        expect(log).toMatch(/database or disk is full|SQLITE_FULL/);
        expect(log).not.toMatch(/cannot rollback/);
      } finally {
        disk.free();
      }
      expect((await judge("first try")).status).toBe(201);
      const list = await service.call<{ data: { judges: { name: string }[] } }>(
        "GET",
        `${project()}/judges`,
      );
      expect(list.body.data.judges.map((j) => j.name)).toEqual(["first try"]);
    },
  );

  it.runIf(APP_DIALECT === "sqlite")(
    "makes an import, written on an import thread, a 503 naming the database too",
    async (context) => {
      if (!disk) return context.skip("mounting a tmpfs needs root");
      const rows = Array.from({ length: 2000 }, (_, i) =>
        JSON.stringify({ input: `Question ${i}: ${"words ".repeat(40)}`, truth: String(i) }),
      );
      await uploadFile(service, tenant, "rows.jsonl", rows.join("\n"));
      const create = () =>
        service.call<ErrorBody>("POST", `${project()}/custom-benchmarks`, {
          json: { name: "Rows", description: "", file: "rows.jsonl" },
        });
      disk.fill();
      try {
        expectOutOfSpace(await create(), "database");
      } finally {
        disk.free();
      }
      expect((await create()).status).toBe(201);
    },
  );

  it("makes an upload into the blob folder a 503 naming file storage, leaving no partial file", async (context) => {
    if (!disk) return context.skip("mounting a tmpfs needs root");
    const bytes = Buffer.alloc(4 * 1024 * 1024, 0x61);
    const url = await service.call<CreateUploadResponse>("POST", `${project()}/upload`, {
      json: { filename: "big.jsonl", type: "application/jsonl", size: bytes.length },
    });
    expect(url.status, url.text).toBe(200);
    const put = () =>
      fetch(url.body.data.url, { method: "PUT", headers: url.body.data.headers, body: bytes });

    disk.fill();
    logged.length = 0;
    try {
      const full = await put();
      expectOutOfSpace(
        { status: full.status, headers: full.headers, body: await full.json() },
        "file storage",
      );
      expect(logged.join("\n")).toMatch(/ENOSPC/);
      const blobs = APP_DIALECT === "sqlite" ? join(disk.dir, "blobs") : disk.dir;
      expect(readdirSync(join(blobs, "tmp"))).toEqual([]);
    } finally {
      disk.free();
    }
    expect((await put()).status).toBe(200);
  });
});

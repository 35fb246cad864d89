import { mkdir, readdir, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { CreateUploadResponse, GetOrganizationResponse } from "@assay/protocol";
import { jobRow, pgBossJob, silentLogger, waitFor } from "@assay/test-kit/queue-test-kit.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHousekeepingJob, UPLOAD_GRACE_MS } from "../../src/jobs/housekeeping.ts";
import type { Clock } from "../../src/platform/clock.ts";
import { createIdempotencyService } from "../../src/resources/idempotency/service.ts";
import { createUploadService } from "../../src/resources/uploads/service.ts";

/** The service's default upload URL lifetime (ASSAY_UPLOAD_URL_TTL_SECONDS). */
const URL_TTL_MS = 900_000;

let service: TestService;
let projectPath: string;
let tmpDir: string;

beforeAll(async () => {
  service = await startTestService({
    workers: true,
    env: { ASSAY_JOB_POLL_INTERVAL_MS: "50", ASSAY_RATE_LIMIT_ENABLED: "false" },
  });
  const org = await service.call<GetOrganizationResponse>("GET", "/organizations");
  expect(org.status).toBe(200);
  projectPath = `/organizations/${org.body.data.id}/projects/${org.body.data.projects[0]!.id}`;
  tmpDir = join(service.database.dataDir, "blobs", "tmp");
  await mkdir(tmpDir, { recursive: true });
});
afterAll(() => service.close());

async function requestTraceUpload(filename: string, size: number) {
  const res = await service.call<CreateUploadResponse>("POST", `${projectPath}/traces/upload`, {
    json: { filename, type: "application/jsonl", size },
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

const uploadRow = (id: string) =>
  service.running.deps.db.selectFrom("uploads").selectAll().where("id", "=", id).executeTakeFirst();

/** Runs housekeeping through the service's own queue and waits for that job to complete. */
async function runHousekeepingJob() {
  const { queue, db } = service.running.deps;
  const id = await queue.enqueue({ name: "housekeeping", data: {} });
  await waitFor(
    "the housekeeping job to complete",
    async () => {
      const state =
        queue.driver === "pg-boss"
          ? (await pgBossJob(db, id))?.state
          : (await jobRow(db, id))?.status;
      if (state === "failed") throw new Error("the housekeeping job failed");
      return state === "completed";
    },
    { timeoutMs: 10_000, intervalMs: 20 },
  );
}

/** The housekeeping handler itself, on a clock that stands still at `at`. */
function housekeepingAt(at: number) {
  const clock: Clock = { now: () => new Date(at) };
  const { db, blobs } = service.running.deps;
  const housekeeping = createHousekeepingJob({
    uploads: createUploadService({ db, blobs, clock, urlTtlSeconds: 900 }),
    idempotency: createIdempotencyService({ db, clock }),
    blobs,
    clock,
    logger: silentLogger,
  });
  return housekeeping({
    id: "direct",
    name: "housekeeping",
    data: {},
    attempt: 1,
    signal: new AbortController().signal,
  });
}

describe("housekeeping", () => {
  it("forgets expired uploads that never arrived and removes old partial files, through the queue", async () => {
    const body = '{"input":"hi","output":"there"}\n';
    const uploaded = await requestTraceUpload("kept.jsonl", Buffer.byteLength(body));
    // Upload before the clock moves: the local blob store checks expiry on the same clock.
    const put = await fetch(uploaded.url, { method: "PUT", body, headers: uploaded.headers });
    expect(put.status).toBe(200);
    const abandoned = await requestTraceUpload("abandoned.jsonl", 10);

    // Not expired yet: a run now removes nothing.
    await runHousekeepingJob();
    expect(await uploadRow(abandoned.upload_id)).toBeDefined();

    // Partial files in the blob folder's tmp/, dated against where the clock is about to be.
    const advanceMs = URL_TTL_MS + UPLOAD_GRACE_MS + 60_000;
    const later = service.clock.now().getTime() + advanceMs;
    const crashed = join(tmpDir, "crashed-upload-partial");
    const inProgress = join(tmpDir, "upload-in-progress");
    await writeFile(crashed, "half a fi");
    await writeFile(inProgress, "still arriv");
    await utimes(
      crashed,
      new Date(later - UPLOAD_GRACE_MS - 60_000),
      new Date(later - UPLOAD_GRACE_MS - 60_000),
    );
    await utimes(inProgress, new Date(later - 1000), new Date(later - 1000));

    service.clock.advance(advanceMs);
    // Requested after the jump: never uploaded, but its URL is still valid.
    const fresh = await requestTraceUpload("fresh.jsonl", 10);
    await runHousekeepingJob();

    expect(await uploadRow(abandoned.upload_id)).toBeUndefined();
    const kept = await uploadRow(uploaded.upload_id);
    expect(kept).toMatchObject({
      id: uploaded.upload_id,
      filename: "kept.jsonl",
      purpose: "trace",
    });
    expect(await service.running.deps.blobs.stat(kept!.object_key)).toEqual({
      size: Buffer.byteLength(body),
    });
    expect((await uploadRow(fresh.upload_id))?.filename).toBe("fresh.jsonl");
    expect(await readdir(tmpDir)).toEqual(["upload-in-progress"]);
  });

  it("keeps an unused upload until exactly its expiry plus the grace period", async () => {
    const upload = await requestTraceUpload("boundary.jsonl", 10);
    const expiresAt = Date.parse(upload.expires_at);
    expect((await uploadRow(upload.upload_id))?.expires_at).toBe(upload.expires_at);

    await housekeepingAt(expiresAt + UPLOAD_GRACE_MS);
    expect(await uploadRow(upload.upload_id)).toBeDefined();
    await housekeepingAt(expiresAt + UPLOAD_GRACE_MS + 1);
    expect(await uploadRow(upload.upload_id)).toBeUndefined();
  });

  it("removes a partial file only once it is older than the grace period", async () => {
    const now = Math.floor(Date.now() / 1000) * 1000 + 5 * 3600_000; // whole seconds: exact mtimes
    const atCutoff = join(tmpDir, "at-cutoff");
    const older = join(tmpDir, "one-second-older");
    await writeFile(atCutoff, "x");
    await writeFile(older, "y");
    await utimes(atCutoff, new Date(now - UPLOAD_GRACE_MS), new Date(now - UPLOAD_GRACE_MS));
    await utimes(
      older,
      new Date(now - UPLOAD_GRACE_MS - 1000),
      new Date(now - UPLOAD_GRACE_MS - 1000),
    );

    await housekeepingAt(now);
    const left = await readdir(tmpDir);
    expect(left).toContain("at-cutoff");
    expect(left).not.toContain("one-second-older");
  });
});

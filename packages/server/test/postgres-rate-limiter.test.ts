import { createTestDatabase, DIALECTS, type TestDatabase } from "@assay/test-kit/databases.ts";
import { TestClock } from "@assay/test-kit/test-clock.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../src/platform/db/database.ts";
import { createMemoryRateLimiter } from "../src/platform/rate-limit/memory-rate-limiter.ts";
import { createPostgresRateLimiter } from "../src/platform/rate-limit/postgres-rate-limiter.ts";
import type { RateLimitDecision } from "../src/platform/rate-limit/rate-limiter.ts";

// A trickle so slow that no token comes back while a test runs: the burst is the whole budget.
const POLICY = { burst: 5, perSecond: 0.001 };

const many = (n: number, take: () => Promise<RateLimitDecision>) =>
  Promise.all(Array.from({ length: n }, take));

describe.skipIf(!DIALECTS.includes("postgres"))("PostgreSQL rate limiter", () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    handle = openDatabase(database.config);
    await migrateToLatest(handle);
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it("answers a burst served in shared statements exactly as the in-process limiter does", async () => {
    const limiter = createPostgresRateLimiter(POLICY, handle.db);
    const memory = createMemoryRateLimiter(POLICY, new TestClock());
    // Twelve at once: the first statement takes for one, the next for the eleven that waited.
    const shared = await many(12, () => limiter.take("burst"));
    const alone = await many(12, () => memory.take("burst"));
    expect(shared.map((d) => [d.allowed, d.remaining])).toEqual(
      alone.map((d) => [d.allowed, d.remaining]),
    );
    expect(shared.filter((d) => d.allowed)).toHaveLength(POLICY.burst);
    for (const refused of shared.filter((d) => !d.allowed)) {
      // One token at 0.001/s: a thousand seconds, less what trickled in since.
      expect(refused.retryAfterSeconds).toBeGreaterThan(990);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(1000);
    }
    expect((await limiter.take("burst")).allowed).toBe(false);
  });

  it("shares one budget between processes, and keeps keys apart", async () => {
    const first = createPostgresRateLimiter(POLICY, handle.db);
    const second = createPostgresRateLimiter(POLICY, handle.db);
    const decisions = await Promise.all([
      many(4, () => first.take("shared")),
      many(4, () => second.take("shared")),
    ]);
    expect(decisions.flat().filter((d) => d.allowed)).toHaveLength(POLICY.burst);
    expect((await first.take("another")).allowed).toBe(true);
  });
});

import type { ErrorBody } from "@assay/protocol";
import { APP_DIALECT, createTestDatabase } from "@assay/test-kit/databases.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const LIMIT = 10;
// A trickle so slow that no token comes back while a test runs: the burst is the whole budget.
const SLOW = { ASSAY_RATE_LIMIT_BURST: String(LIMIT), ASSAY_RATE_LIMIT_PER_SECOND: "0.001" };

async function burst(service: TestService, count: number, apiKey?: string) {
  return Promise.all(
    Array.from({ length: count }, () =>
      service.call<ErrorBody>("GET", "/organizations", { apiKey }),
    ),
  );
}

describe("per-key rate limiting", () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ env: SLOW });
  });
  afterAll(() => service.close());

  it("lets exactly the limit through a burst of twice the limit", async () => {
    const responses = await burst(service, 2 * LIMIT);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(LIMIT);
    const limited = responses.filter((r) => r.status === 429);
    expect(limited).toHaveLength(LIMIT);
    for (const r of limited) {
      expect(r.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(r.body.error.code).toBe("RATE_LIMITED");
      expect(r.headers.get("x-ratelimit-limit")).toBe(String(LIMIT));
      expect(r.headers.get("x-ratelimit-remaining")).toBe("0");
    }
  });

  it("keeps one key's budget away from another's", async () => {
    const other = await service.admin.create({ organization: "Other Co" });
    const responses = await burst(service, LIMIT, other.key);
    expect(responses.every((r) => r.status === 200)).toBe(true);
  });

  it.skipIf(APP_DIALECT !== "sqlite")(
    "refills at the configured rate (in-process limiter, on the service clock)",
    async () => {
      const key = (await service.admin.create({ organization: "Refill Co" })).key;
      await burst(service, LIMIT, key);
      expect((await service.call("GET", "/organizations", { apiKey: key })).status).toBe(429);
      service.clock.advance(1000 / 0.001); // one token's worth
      expect((await service.call("GET", "/organizations", { apiKey: key })).status).toBe(200);
      expect((await service.call("GET", "/organizations", { apiKey: key })).status).toBe(429);
    },
  );
});

describe("rate limiting switched off", () => {
  it("lets every request through", async () => {
    await using service = await startTestService({
      env: { ...SLOW, ASSAY_RATE_LIMIT_ENABLED: "false" },
    });
    const responses = await burst(service, 3 * LIMIT);
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(responses[0]?.headers.get("x-ratelimit-limit")).toBeNull();
  });
});

describe.skipIf(APP_DIALECT !== "postgres")("several API processes on PostgreSQL", () => {
  it("share one budget per key", async () => {
    const database = await createTestDatabase("postgres");
    try {
      await using first = await startTestService({ env: SLOW, database });
      await using second = await startTestService({ env: SLOW, database });
      const calls = Array.from({ length: 2 * LIMIT }, (_, i) =>
        (i % 2 === 0 ? first : second).call("GET", "/organizations", { apiKey: first.apiKey }),
      );
      const statuses = (await Promise.all(calls)).map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
      expect(statuses.filter((s) => s === 429)).toHaveLength(LIMIT);
    } finally {
      await database.drop();
    }
  });
});

describe("failed authentications", () => {
  it("answer 429 with Retry-After past 20 from one address, while a valid key still works", async () => {
    await using service = await startTestService();
    const statuses: number[] = [];
    let last: Headers | undefined;
    for (let i = 0; i < 70; i++) {
      const res = await service.call("GET", "/organizations", { apiKey: `assay_guess${i}` });
      statuses.push(res.status);
      last = res.headers;
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(50).fill(429));
    expect(last?.get("retry-after")).toMatch(/^[1-9]\d*$/);
    // Only failures count: the right key from the same address is served.
    expect((await service.call("GET", "/organizations")).status).toBe(200);
  });
});

describe.skipIf(APP_DIALECT !== "postgres")("failed authentications on PostgreSQL", () => {
  it("share one budget per address across API processes", async () => {
    const database = await createTestDatabase("postgres");
    try {
      await using first = await startTestService({ database });
      await using second = await startTestService({ database });
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        const service = i % 2 === 0 ? first : second;
        statuses.push(
          (await service.call("GET", "/organizations", { apiKey: `assay_x${i}` })).status,
        );
      }
      expect(statuses.filter((s) => s === 401)).toHaveLength(20);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    } finally {
      await database.drop();
    }
  });
});

import { describe, expect, it } from "vitest";
import { createFailFast } from "./fail-fast.ts";
import { ModelCallError } from "./model-call-error.ts";

const http = (status: number, detail: string) =>
  new ModelCallError("http_error", `model endpoint answered ${status}: ${detail}`, {
    status,
    retryable: false,
    detail,
  });
const rateLimited = () =>
  new ModelCallError("rate_limited", "model endpoint answered 429", {
    status: 429,
    retryable: true,
  });

describe("fail-fast", () => {
  it("trips on the fifth identical configuration error in a row", () => {
    const failFast = createFailFast();
    for (let i = 0; i < 4; i += 1) {
      expect(
        failFast.record({ ok: false, error: http(404, "The model `gpt-9` does not exist") }),
      ).toBeUndefined();
    }
    expect(failFast.tripped).toBe(false);
    const reason = failFast.record({
      ok: false,
      error: http(404, "The model `gpt-9` does not exist"),
    });
    expect(reason).toBe(
      "the model endpoint answered 404 five times in a row: The model `gpt-9` does not exist",
    );
    expect(failFast.tripped).toBe(true);
    expect(failFast.reason).toBe(reason);
    // Tripped stays tripped.
    expect(failFast.record({ ok: true })).toBe(reason);
  });

  it("resets on a success and on a different error", () => {
    const failFast = createFailFast({ threshold: 3 });
    failFast.record({ ok: false, error: http(401, "bad key") });
    failFast.record({ ok: false, error: http(401, "bad key") });
    failFast.record({ ok: true });
    failFast.record({ ok: false, error: http(401, "bad key") });
    failFast.record({ ok: false, error: http(403, "forbidden") });
    expect(failFast.record({ ok: false, error: http(401, "bad key") })).toBeUndefined();
  });

  it("ignores rate limits, transient errors and cancellations, without breaking a streak", () => {
    const failFast = createFailFast({ threshold: 2 });
    for (let i = 0; i < 10; i += 1)
      expect(failFast.record({ ok: false, error: rateLimited() })).toBeUndefined();
    failFast.record({ ok: false, error: http(401, "bad key") });
    failFast.record({
      ok: false,
      error: new ModelCallError("timeout", "slow", { retryable: true }),
    });
    expect(failFast.record({ ok: false, error: http(401, "bad key") })).toContain("twice in a row");
  });

  it("trips on repeated 400 'model not found' but not on per-sample 400s", () => {
    const perSample = createFailFast({ threshold: 3 });
    for (let i = 0; i < 5; i += 1) {
      const detail =
        "This model's maximum context length is 8192 tokens; your messages resulted in 9000 tokens";
      expect(perSample.record({ ok: false, error: http(400, detail) })).toBeUndefined();
    }
    const differing = createFailFast({ threshold: 3 });
    for (let i = 0; i < 5; i += 1) {
      expect(
        differing.record({ ok: false, error: http(400, `invalid value at messages[${i}]`) }),
      ).toBeUndefined();
    }
    const config = createFailFast({ threshold: 3 });
    config.record({ ok: false, error: http(400, "model 'llama-9' not found") });
    config.record({ ok: false, error: http(400, "model 'llama-9' not found") });
    expect(config.record({ ok: false, error: http(400, "model 'llama-9' not found") })).toBe(
      "the model endpoint answered 400 three times in a row: model 'llama-9' not found",
    );
  });

  it("counts garbage answers and blocked URLs", () => {
    const garbage = createFailFast({ threshold: 2 });
    const bad = new ModelCallError("bad_response", "not JSON", { retryable: true });
    garbage.record({ ok: false, error: bad });
    expect(garbage.record({ ok: false, error: bad })).toBe(
      "model calls failed with bad_response twice in a row: not JSON",
    );
    const blocked = createFailFast({ threshold: 1 });
    expect(
      blocked.record({
        ok: false,
        error: new ModelCallError("blocked", "refused", { retryable: false }),
      }),
    ).toBe("model calls failed with blocked: refused");
  });
});

import type { IntegrationEvent } from "@assay/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGuardedDispatcher } from "../../src/platform/ssrf/guarded-dispatcher.ts";
import { parseHostRule } from "../../src/platform/ssrf/host-rules.ts";
import { sendEvent } from "../../src/resources/integrations/sender.ts";
import { type Receiver, startReceiver } from "./receiver.ts";

const event: IntegrationEvent = {
  id: "8b0e4c1e-0000-4000-8000-000000000001",
  type: "evaluation.finished",
  created_at: "2026-11-29T06:00:00.000Z",
  organization_id: "org",
  data: {
    object: "evaluation",
    id: "run",
    project_id: null,
    status: "success",
    summary: "fake on GSM8K: success",
    accuracy: 1,
    accuracy_ci95: { low: 0.5, high: 1 },
    counts: { total: 4 },
    url: null,
  },
};

/** The send path alone, on the guarded dispatcher the workers use. */
describe("sending an event", () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver(() => ({ status: 200, text: "x".repeat(5000) }));
  });
  afterAll(() => receiver.close());

  const send = (rules: string[], hostUrl = receiver.url) => {
    const dispatcher = createGuardedDispatcher({ rules: rules.map(parseHostRule) });
    return sendEvent(dispatcher, { type: "webhook", hostUrl, secret: "whsec_test" }, event, {
      timeoutMs: 2000,
      nowSeconds: 1_800_000_000,
    }).finally(() => dispatcher.close());
  };

  it("refuses a loopback receiver unless the allow setting permits it, without connecting", async () => {
    const refused = await send([]);
    expect(refused).toMatchObject({ ok: false, httpStatus: null });
    expect(refused.error).toMatch(/^refused: host_url resolves to a private/);
    expect(receiver.requests).toHaveLength(0);

    // A name that resolves to loopback is refused the same way (the address connected to is checked).
    const byName = await send([], receiver.url.replace("127.0.0.1", "localhost"));
    expect(byName.error).toMatch(/^refused/);
    expect(receiver.requests).toHaveLength(0);

    const allowed = await send(["127.0.0.1"]);
    expect(allowed).toMatchObject({ ok: true, httpStatus: 200 });
    expect(allowed.excerpt).toHaveLength(500);
    expect(receiver.requests).toHaveLength(1);
  });

  it("times out a receiver that does not answer", async () => {
    const silent = await startReceiver(() => "hold");
    try {
      const started = Date.now();
      const dispatcher = createGuardedDispatcher({ rules: [parseHostRule("127.0.0.1")] });
      const result = await sendEvent(
        dispatcher,
        { type: "webhook", hostUrl: silent.url, secret: "whsec_test" },
        event,
        { timeoutMs: 300, nowSeconds: 1_800_000_000 },
      );
      await dispatcher.destroy();
      expect(result).toMatchObject({
        ok: false,
        httpStatus: null,
        error: "the receiver did not answer within 300 ms",
      });
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await silent.close();
    }
  });

  it("does not follow redirects", async () => {
    const redirecting = await startReceiver(() => ({ status: 307, text: "elsewhere" }));
    try {
      const dispatcher = createGuardedDispatcher({ rules: [parseHostRule("127.0.0.1")] });
      const result = await sendEvent(
        dispatcher,
        { type: "webhook", hostUrl: redirecting.url, secret: "whsec_test" },
        event,
        { timeoutMs: 2000, nowSeconds: 1_800_000_000 },
      );
      await dispatcher.close();
      expect(result).toMatchObject({
        ok: false,
        httpStatus: 307,
        error: "redirects are not followed",
      });
      expect(redirecting.requests).toHaveLength(1);
    } finally {
      await redirecting.close();
    }
  });
});

import { describe, expect, it } from "vitest";
import { subscribeAbort } from "./abort-subscription.ts";

describe("subscribeAbort", () => {
  it("runs the subscriptions still held when the signal aborts, once each", () => {
    const controller = new AbortController();
    const ran: number[] = [];
    const unsubscribers = Array.from({ length: 300 }, (_, i) =>
      subscribeAbort(controller.signal, () => ran.push(i)),
    );
    for (let i = 0; i < 300; i += 2) unsubscribers[i]?.();
    controller.abort();
    controller.abort();
    expect(ran).toHaveLength(150);
    expect(ran.every((i) => i % 2 === 1)).toBe(true);
  });

  it("keeps signals apart and counts the same callback subscribed twice twice", () => {
    const a = new AbortController();
    const b = new AbortController();
    let calls = 0;
    const callback = () => {
      calls += 1;
    };
    subscribeAbort(a.signal, callback);
    const second = subscribeAbort(a.signal, callback);
    subscribeAbort(b.signal, callback);
    a.abort();
    expect(calls).toBe(2);
    second();
    b.abort();
    expect(calls).toBe(3);
  });
});

import { connect } from "node:net";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { closeWithin } from "./close-within.ts";

describe("closeWithin", () => {
  it("cuts a client still sending its body once the grace is over", async () => {
    const app = Fastify();
    closeWithin(app, 200);
    let arrived: () => void = () => {};
    const requestArrived = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    app.addHook("onRequest", async () => arrived());
    app.post("/upload", async () => ({ ok: true }));
    await app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = app.server.address() as { port: number };

    const slow = connect(port, "127.0.0.1");
    const cut = new Promise<void>((resolve) => slow.on("close", () => resolve()));
    slow.on("error", () => {});
    slow.write(
      "POST /upload HTTP/1.1\r\nHost: localhost\r\n" +
        "Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{",
    );
    await requestArrived;

    // Without the cut, closing would wait for this body until the request timeout.
    const closing = app.close().then(() => "closed");
    const outcome = await Promise.race([
      closing,
      new Promise((resolve) => setTimeout(() => resolve("still waiting"), 3000)),
    ]);
    expect(outcome).toBe("closed");
    await cut;
  });
});

import { connect, type Socket } from "node:net";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * A client cannot hold a connection for as long as it likes: headers sent a byte at a time, a
 * body that never ends, an idle keep-alive connection are all cut off within their bounds
 * (set short here), while a normal request is unaffected.
 */
let service: TestService;
let port: number;

beforeAll(async () => {
  service = await startTestService({
    env: {
      ASSAY_HTTP_HEADERS_TIMEOUT_SECONDS: "1",
      ASSAY_HTTP_REQUEST_TIMEOUT_SECONDS: "2",
      ASSAY_HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: "1",
    },
  });
  port = Number(new URL(service.origin).port);
});
afterAll(() => service?.close());

/** A raw connection, and what it had received when the server closed it. */
function rawConnection(): Promise<{
  socket: Socket;
  closed: Promise<{ received: string }>;
}> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    const closed = new Promise<{ received: string }>((done) =>
      socket.on("close", () => done({ received })),
    );
    socket.once("connect", () => resolve({ socket, closed }));
    socket.once("error", reject);
  });
}

describe("connection bounds", () => {
  it("cuts off a client that never finishes its headers", async () => {
    const { socket, closed } = await rawConnection();
    socket.write("GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
    // One more byte now and then: activity does not extend the headers' bound.
    const drip = setInterval(() => socket.write("a"), 200);
    const { received } = await closed;
    clearInterval(drip);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });

  // Found by the fuzzing run (fuzz/): Node's parser refused a long URL with the framework's 431 body.
  it.each([
    [
      "headers over the size limit",
      `GET /api/v1/health HTTP/1.1\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
    ],
    ["bytes that are not HTTP", "NOT HTTP AT ALL\r\n\r\n"],
  ])("answers %s with a 400 in the API's error shape, then closes", async (_, request) => {
    const { socket, closed } = await rawConnection();
    socket.write(request);
    const { received } = await closed;
    const [head = "", body = ""] = received.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(body)).toEqual({
      error: { message: expect.any(String), code: "VALIDATION_ERROR" },
    });
  });

  it("cuts off a body that never ends", async () => {
    const { socket, closed } = await rawConnection();
    socket.write(
      "POST /api/v1/organizations HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" +
        "Content-Length: 1000\r\n\r\n{",
    );
    const drip = setInterval(() => socket.write(" "), 200);
    const { received } = await closed;
    clearInterval(drip);
    expect(received === "" || /^HTTP\/1\.1 408/.test(received)).toBe(true);
  });

  it("answers a normal request, then closes the idle keep-alive connection", async () => {
    const { socket, closed } = await rawConnection();
    socket.write("GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\n\r\n");
    const { received } = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(received).toMatch(/keep-alive: timeout=1/i);
  });
});

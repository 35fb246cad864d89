import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, exactly as signed. */
  body: string;
  /** The status answered; null when the request was held and never answered. */
  status: number | null;
}

/** How the receiver answers one request: a status and text, or `hold` (never answer). */
export type ReceiverReply = { status: number; text?: string } | "hold";

/** A webhook receiver on 127.0.0.1 that records every request and answers as scripted. */
export interface Receiver {
  url: string;
  requests: ReceivedRequest[];
  /** The requests it acknowledged with a 2xx. */
  acknowledged(): ReceivedRequest[];
  setReply(reply: (request: ReceivedRequest, index: number) => ReceiverReply): void;
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(
  reply: (request: ReceivedRequest, index: number) => ReceiverReply = () => ({
    status: 200,
    text: "ok",
  }),
): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  let answer = reply;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const request: ReceivedRequest = {
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        status: null,
      };
      const index = requests.push(request) - 1;
      const decided = answer(request, index);
      if (decided === "hold") return;
      request.status = decided.status;
      res.writeHead(decided.status, { "content-type": "text/plain" });
      res.end(decided.text ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/assay`,
    requests,
    acknowledged: () =>
      requests.filter((r) => r.status !== null && r.status >= 200 && r.status < 300),
    setReply(next) {
      answer = next;
    },
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        if (Date.now() > deadline)
          throw new Error(`the receiver got ${requests.length} requests, not ${count}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

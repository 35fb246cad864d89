import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** One request that went through the proxy, byte for byte, and what the upstream answered. */
export interface Exchange {
  method: string;
  /** The path under the proxy's origin, e.g. `/v1/chat/completions`. */
  path: string;
  contentType: string | undefined;
  /** The request body exactly as the client sent it. */
  requestBody: string;
  status: number;
  responseBody: string;
}

export interface RecordingProxy extends AsyncDisposable {
  /** `http://127.0.0.1:<port>/v1`: the upstream's `/v1` through the proxy. */
  url: string;
  /** `127.0.0.1:<port>`, for ALLOWED_MODEL_HOSTS. */
  host: string;
  /** Every exchange so far, in the order the answers came back. */
  exchanges: Exchange[];
  close(): Promise<void>;
}

/**
 * A pass-through HTTP proxy in front of `upstream` (an origin) that records each request body
 * as the client sent it and each answer as the upstream gave it. Sending a recorded body to the
 * upstream again is then a direct call with the identical request, not a reconstruction of it.
 */
export async function startRecordingProxy(upstream: string): Promise<RecordingProxy> {
  const exchanges: Exchange[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const requestBody = await readBody(req);
      const contentType = req.headers["content-type"];
      const answer = await fetch(`${upstream}${req.url}`, {
        method: req.method,
        headers: contentType ? { "content-type": contentType } : {},
        body: req.method === "GET" || req.method === "HEAD" ? undefined : requestBody,
      });
      const responseBody = await answer.text();
      exchanges.push({
        method: req.method ?? "GET",
        path: req.url ?? "/",
        contentType,
        requestBody,
        status: answer.status,
        responseBody,
      });
      res.writeHead(answer.status, {
        "content-type": answer.headers.get("content-type") ?? "application/octet-stream",
      });
      res.end(responseBody);
    })().catch((error: unknown) => {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end(`recording proxy: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    url: `http://127.0.0.1:${port}/v1`,
    host: `127.0.0.1:${port}`,
    exchanges,
    close,
    [Symbol.asyncDispose]: close,
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

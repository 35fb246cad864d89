import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** A proxy's request id is kept when it looks like one, so logs line up across hops. */
const ACCEPTABLE = /^[A-Za-z0-9._:-]{8,128}$/;

export const REQUEST_ID_HEADER = "x-request-id";

export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === "string" && ACCEPTABLE.test(incoming) ? incoming : randomUUID();
}

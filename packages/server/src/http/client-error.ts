import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { ErrorBody } from "@assay/protocol";

/**
 * Answers what Node's HTTP parser refuses before any route runs: a request line and headers over
 * the size limit, or bytes that are not HTTP. The answer is a 400 in the API's error shape (the
 * framework's own would be a 431 or 400 with another body, which no client of the API expects);
 * a request that took too long to arrive gets a bare 408. The connection is closed either way.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  if (socket.writable) {
    if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
      socket.write(
        `HTTP/1.1 408 ${STATUS_CODES[408]}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
      );
    } else {
      const message =
        error.code === "HPE_HEADER_OVERFLOW"
          ? "the request line and headers are too large"
          : "the request is not valid HTTP";
      const body = JSON.stringify({
        error: { message, code: "VALIDATION_ERROR" },
      } satisfies ErrorBody);
      socket.write(
        `HTTP/1.1 400 ${STATUS_CODES[400]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
  }
  socket.destroy(error);
}

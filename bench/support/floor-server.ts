// The floor for API benchmarks: a bare node:http server answering every request with the same
// bytes Assay would, and nothing else (no routing, auth, validation or logging).
import { createServer } from "node:http";

const body = process.env.FLOOR_BODY ?? "{}";
const server = createServer((_request, response) => {
  response.writeHead(200, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
  });
  response.end(body);
});
server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("listening"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));

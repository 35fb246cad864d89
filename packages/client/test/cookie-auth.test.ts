import { Client } from "@assay/client";
import { ServiceError } from "@assay/client/errors";
import { routes } from "@assay/protocol";
import { describe, expect, it } from "vitest";
import { HEALTHY } from "./support/fixtures.ts";
import { startScriptedServer } from "./support/scripted-server.ts";

describe('auth: "cookie" (the dashboard)', () => {
  it("sends no key, the marker header, and asks fetch for same-origin credentials", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/health", HEALTHY);
    const inits: RequestInit[] = [];
    const client = new Client({
      auth: "cookie",
      baseURL: server.baseURL,
      fetch: (input, init) => {
        inits.push(init);
        return fetch(input, init);
      },
    });
    await client.request(routes.health);
    const headers = server.requests[0]?.headers;
    expect(headers?.["x-api-key"]).toBeUndefined();
    expect(headers?.["x-assay-request"]).toBe("1");
    expect(inits[0]?.credentials).toBe("same-origin");
  });

  it("needs no key in the environment, and refuses one given with it", () => {
    expect(
      () => new Client({ auth: "cookie", baseURL: "http://localhost:8080/api/v1" }),
    ).not.toThrow();
    expect(
      () =>
        new Client({ auth: "cookie", apiKey: "assay_x", baseURL: "http://localhost:8080/api/v1" }),
    ).toThrow(ServiceError);
  });

  it("leaves key mode as it was: the key, no marker, no credentials option", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/health", HEALTHY);
    const inits: RequestInit[] = [];
    const client = new Client({
      apiKey: "test-key-123",
      baseURL: server.baseURL,
      fetch: (input, init) => {
        inits.push(init);
        return fetch(input, init);
      },
    });
    await client.request(routes.health);
    expect(server.requests[0]?.headers["x-api-key"]).toBe("test-key-123");
    expect(server.requests[0]?.headers["x-assay-request"]).toBeUndefined();
    expect(inits[0]?.credentials).toBeUndefined();
  });
});

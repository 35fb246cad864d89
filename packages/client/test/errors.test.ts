import { Client } from "@assay/client";
import {
  APIConnectionError,
  APIError,
  APIResponseValidationError,
  APIStatusError,
  APITimeoutError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServiceError,
  UnprocessableEntityError,
} from "@assay/client/errors";
import { routes } from "@assay/protocol";
import { describe, expect, it } from "vitest";
import { testClient } from "./support/fixtures.ts";
import { startScriptedServer } from "./support/scripted-server.ts";

/** Calls the health route (no organization lookup) against a server answering `status`. */
async function errorFor(status: number, body: unknown, headers: Record<string, string> = {}) {
  await using server = await startScriptedServer();
  server.on("GET", "/health", { status, body, headers });
  const client = testClient(server, { maxRetries: 0 });
  const error = await client.request(routes.health).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(server.requests).toHaveLength(1);
  return error;
}

describe("status → error class", () => {
  const cases: [number, new (...args: never[]) => APIStatusError, string][] = [
    [400, BadRequestError, "BadRequestError"],
    [401, AuthenticationError, "AuthenticationError"],
    [403, PermissionDeniedError, "PermissionDeniedError"],
    [404, NotFoundError, "NotFoundError"],
    [409, ConflictError, "ConflictError"],
    [422, UnprocessableEntityError, "UnprocessableEntityError"],
    [429, RateLimitError, "RateLimitError"],
    [500, InternalServerError, "InternalServerError"],
    [503, InternalServerError, "InternalServerError"],
    [501, InternalServerError, "InternalServerError"],
    [418, APIStatusError, "APIStatusError"],
    [413, APIStatusError, "APIStatusError"],
    [402, APIStatusError, "APIStatusError"],
  ];

  for (const [status, cls, name] of cases) {
    it(`${status} → ${name}`, async () => {
      const error = await errorFor(status, { error: { message: "boom", code: "X" } });
      expect(error).toBeInstanceOf(cls);
      expect(error).toBeInstanceOf(APIStatusError);
      expect(error).toBeInstanceOf(APIError);
      expect(error).toBeInstanceOf(ServiceError);
      expect(error).toBeInstanceOf(Error);
      expect((error as APIStatusError).constructor).toBe(cls);
      expect((error as APIStatusError).name).toBe(name);
      expect((error as APIStatusError).statusCode).toBe(status);
      expect((error as APIStatusError).message).toBe(`Error code: ${status} - boom`);
    });
  }
});

describe("status error contents", () => {
  it("carries the error object as body, the headers as a lower-cased record and the request id", async () => {
    const error = (await errorFor(
      409,
      { error: { message: "judge already exists", code: "CONFLICT" } },
      { "X-Request-Id": "req-42", "Content-Type": "application/json" },
    )) as ConflictError;
    expect(error.message).toBe("Error code: 409 - judge already exists");
    expect(error.body).toEqual({ message: "judge already exists", code: "CONFLICT" });
    expect(error.requestId).toBe("req-42");
    expect(error.headers["x-request-id"]).toBe("req-42");
    expect(error.headers["content-type"]).toBe("application/json");
    expect(String(error)).toBe("ConflictError: Error code: 409 - judge already exists");
  });

  it("uses a string `error` as message and body", async () => {
    const error = (await errorFor(400, { error: "bad thing" })) as BadRequestError;
    expect(error.message).toBe("Error code: 400 - bad thing");
    expect(error.body).toBe("bad thing");
  });

  it("uses the raw text of a body that is not JSON", async () => {
    const error = (await errorFor(404, "404 page not found\n")) as NotFoundError;
    expect(error.message).toBe("Error code: 404 - 404 page not found");
    expect(error.body).toBe("404 page not found\n");
    expect(error.requestId).toBeUndefined();
  });

  it("says the base URL lacks the API prefix only when its path does not end with /api/v1", async () => {
    const outside = async (baseURL: string) => {
      const fetch = async () => new Response("404 page not found", { status: 404 });
      const client = new Client({ apiKey: "k", baseURL, fetch, maxRetries: 0 });
      return (await client.request(routes.health).catch((e: unknown) => e)) as NotFoundError;
    };
    const bare = await outside("http://assay.test:8080");
    expect(bare).toBeInstanceOf(NotFoundError);
    expect(bare.message).toBe(
      "404 page not found at http://assay.test:8080/health: the base URL must include the API " +
        "prefix, e.g. http://assay.test:8080/api/v1",
    );
    expect((await outside("http://assay.test/assay")).message).toContain("must include the API");
    // A deployment under another path, and a proxy's 404 under the right prefix, are left alone.
    for (const base of ["http://assay.test/tenant-a/api/v1", "http://assay.test/api/v1/"]) {
      expect((await outside(base)).message).toBe("Error code: 404 - 404 page not found");
    }
  });

  it("says only the status for an empty body", async () => {
    const error = (await errorFor(502, undefined)) as InternalServerError;
    expect(error.message).toBe("Error code: 502");
    expect(error.body).toBe("");
  });

  it("uses the raw text and the whole JSON when there is no `error` key", async () => {
    const error = (await errorFor(422, { detail: ["line 3"] })) as UnprocessableEntityError;
    expect(error.message).toBe('Error code: 422 - {"detail":["line 3"]}');
    expect(error.body).toEqual({ detail: ["line 3"] });
  });

  it("uses the raw text when `error` has no message", async () => {
    const error = (await errorFor(403, { error: { code: "PERMISSION_DENIED" } })) as APIStatusError;
    expect(error.message).toBe('Error code: 403 - {"error":{"code":"PERMISSION_DENIED"}}');
    expect(error.body).toEqual({ code: "PERMISSION_DENIED" });
  });

  it("keeps a JSON array as body", async () => {
    const error = (await errorFor(418, [1, 2])) as APIStatusError;
    expect(error.message).toBe("Error code: 418 - [1,2]");
    expect(error.body).toEqual([1, 2]);
  });

  it("reports a redirect as a status error instead of following it", async () => {
    const error = (await errorFor(307, "", { location: "/elsewhere" })) as APIStatusError;
    expect(error.constructor).toBe(APIStatusError);
    expect(error.statusCode).toBe(307);
    expect(error.headers.location).toBe("/elsewhere");
  });
});

describe("hierarchy", () => {
  it("chains connection, timeout and validation errors", () => {
    const timeout = new APITimeoutError();
    expect(timeout).toBeInstanceOf(APIConnectionError);
    expect(timeout).toBeInstanceOf(APIError);
    expect(timeout).toBeInstanceOf(ServiceError);
    expect(timeout.name).toBe("APITimeoutError");
    expect(timeout.statusCode).toBeUndefined();
    expect(new APIConnectionError().name).toBe("APIConnectionError");
    const validation = new APIResponseValidationError("bad", {
      statusCode: 200,
      body: {},
      headers: {},
      issues: [],
    });
    expect(validation).toBeInstanceOf(APIError);
    expect(validation).not.toBeInstanceOf(APIStatusError);
    expect(validation.name).toBe("APIResponseValidationError");
    expect(new ServiceError("x").name).toBe("ServiceError");
    expect(new APIError("x").name).toBe("APIError");
  });

  it("generate() picks the class from the status alone", () => {
    const error = APIStatusError.generate(429, '{"error":{"message":"slow down"}}', {
      "retry-after": "1",
    });
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.message).toBe("Error code: 429 - slow down");
    expect(error.headers).toEqual({ "retry-after": "1" });
  });
});

import { APIResponseValidationError, ServiceError } from "@assay/client/errors";
import { routes } from "@assay/protocol";
import { describe, expect, it } from "vitest";
import { buildURL } from "../src/core/url.ts";
import {
  HEALTH,
  HEALTHY,
  organizationReply,
  TRACE_UPLOAD_BODY,
  TRACE_UPLOAD_PATH,
  testClient,
  uploadUrlReply,
} from "./support/fixtures.ts";
import { startScriptedServer } from "./support/scripted-server.ts";

describe("request headers", () => {
  it("sends the key and JSON headers, no Content-Type and no body on GET", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/health", HEALTHY);
    await testClient(server).request(routes.health);
    const [request] = server.requests;
    expect(request?.headers.accept).toBe("application/json");
    expect(request?.headers["x-api-key"]).toBe("test-key-123");
    expect(request?.headers["x-assay-client"]).toBe("typescript/0.1.0");
    expect(request?.headers["content-type"]).toBeUndefined();
    expect(request?.headers["content-length"]).toBeUndefined();
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.body.length).toBe(0);
  });

  it("sends Content-Type: application/json with a JSON body", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/organizations", organizationReply());
    server.on("POST", TRACE_UPLOAD_PATH, uploadUrlReply());
    await testClient(server).request(routes.createTraceUpload, { body: TRACE_UPLOAD_BODY });
    const [lookup, post] = server.requests;
    expect(lookup?.headers["content-type"]).toBeUndefined();
    expect(post?.headers["content-type"]).toBe("application/json");
    expect(post?.headers["x-api-key"]).toBe("test-key-123");
    expect(JSON.parse(post?.body.toString() ?? "")).toEqual(TRACE_UPLOAD_BODY);
  });

  it("adds default headers, and per-request headers win case-insensitively", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/health", HEALTHY);
    const client = testClient(server, { defaultHeaders: { "X-Team": "evals", "X-Trace": "a" } });
    await client.request(routes.health, {}, { headers: { "X-Trace": "b", "X-Api-Key": "other" } });
    const headers = server.requests[0]?.headers;
    expect(headers?.["x-team"]).toBe("evals");
    expect(headers?.["x-trace"]).toBe("b");
    expect(headers?.["x-api-key"]).toBe("other");
  });
});

describe("responses", () => {
  it("are validated and stripped of unknown keys", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/health", { status: 201, body: { ...HEALTH, extra: true } });
    await expect(testClient(server).request(routes.health)).resolves.toEqual(HEALTH);
  });

  it("raise APIResponseValidationError for a 2xx body that is not JSON", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/health", { body: "<html>ok</html>" });
    const error = (await testClient(server)
      .request(routes.health)
      .catch((e: unknown) => e)) as APIResponseValidationError;
    expect(error).toBeInstanceOf(APIResponseValidationError);
    expect(error.message).toBe("Response of meta.health (status 200) is not JSON.");
    expect(error.body).toBe("<html>ok</html>");
    expect(error.issues).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it("raise APIResponseValidationError with the zod issues on a schema mismatch", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/health", { body: { status: "fine", database: "ok" } });
    const error = (await testClient(server)
      .request(routes.health)
      .catch((e: unknown) => e)) as APIResponseValidationError;
    expect(error.issues.map((issue) => issue.path.join("."))).toEqual(["status", "version"]);
    expect(error.body).toEqual({ status: "fine", database: "ok" });
  });
});

describe("routes", () => {
  it("refuses a binary route (files go through upload())", async () => {
    await using server = await startScriptedServer();
    await expect(
      testClient(server).request(routes.putBlob, { params: { token: "t" } }),
    ).rejects.toBeInstanceOf(ServiceError);
    expect(server.requests).toHaveLength(0);
  });

  it("build query strings as the protocol expects", () => {
    const url = buildURL("http://h/api/v1", "/models", {
      companies: ["openai", "anthropic"],
      name: "gpt 4/o",
      page: 2,
      public: false,
      missing: undefined,
      empty: null,
    });
    expect(url).toBe(
      "http://h/api/v1/models?companies=openai%2Canthropic&name=gpt+4%2Fo&page=2&public=false",
    );
    expect(buildURL("http://h/api/v1", "/models", {})).toBe("http://h/api/v1/models");
    expect(() => buildURL("http://h", "/m", { bad: { a: 1 } })).toThrow(ServiceError);
  });
});

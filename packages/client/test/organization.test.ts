import {
  APIResponseValidationError,
  AuthenticationError,
  InternalServerError,
  ServiceError,
} from "@assay/client/errors";
import { routes } from "@assay/protocol";
import { describe, expect, it } from "vitest";
import {
  HEALTHY,
  ORGANIZATION,
  organizationReply,
  TRACE_UPLOAD_BODY,
  TRACE_UPLOAD_PATH,
  testClient,
  testPublicClient,
  uploadUrlReply,
} from "./support/fixtures.ts";
import { startScriptedServer } from "./support/scripted-server.ts";

describe("organization lookup", () => {
  it("happens on the first project-scoped call only", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/organizations", organizationReply());
    server.on("POST", TRACE_UPLOAD_PATH, uploadUrlReply());
    server.on("GET", "/health", HEALTHY);
    const client = testClient(server);
    expect(client.organizationId).toBeUndefined();
    expect(client.projectId).toBeUndefined();
    await client.request(routes.health);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /health"]);

    await client.request(routes.createTraceUpload, { body: TRACE_UPLOAD_BODY });
    await client.request(routes.createTraceUpload, { body: TRACE_UPLOAD_BODY });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /health",
      "GET /organizations",
      `POST ${TRACE_UPLOAD_PATH}`,
      `POST ${TRACE_UPLOAD_PATH}`,
    ]);
    expect(client.organizationId).toBe("org-1");
    expect(client.projectId).toBe("proj-1");
  });

  it("is what init() resolves to, and init() is idempotent", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/organizations", organizationReply());
    const client = testClient(server);
    const scope = await client.init();
    expect(scope).toEqual({
      organization: ORGANIZATION,
      project: { id: "proj-1", name: "Default" },
    });
    expect(await client.init()).toBe(scope);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers["x-api-key"]).toBe("test-key-123");
  });

  it("is shared by concurrent first calls", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/organizations", { ...organizationReply(), delayMs: 50 });
    server.on("POST", TRACE_UPLOAD_PATH, uploadUrlReply());
    const client = testClient(server);
    await Promise.all([
      client.request(routes.createTraceUpload, { body: TRACE_UPLOAD_BODY }),
      client.request(routes.createTraceUpload, { body: TRACE_UPLOAD_BODY }),
      client.init(),
      client.request(routes.createTraceUpload, { body: TRACE_UPLOAD_BODY }),
    ]);
    expect(server.requestsTo("GET", "/organizations")).toHaveLength(1);
    expect(server.requestsTo("POST", TRACE_UPLOAD_PATH)).toHaveLength(3);
  });

  it("is not cached when it fails", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/organizations", { status: 500 }, organizationReply());
    server.on("POST", TRACE_UPLOAD_PATH, uploadUrlReply());
    const client = testClient(server, { maxRetries: 0 });
    await expect(
      client.request(routes.createTraceUpload, { body: TRACE_UPLOAD_BODY }),
    ).rejects.toBeInstanceOf(InternalServerError);
    expect(client.organizationId).toBeUndefined();
    expect(server.requestsTo("POST", TRACE_UPLOAD_PATH)).toHaveLength(0);

    const answer = await client.request(routes.createTraceUpload, { body: TRACE_UPLOAD_BODY });
    expect(answer.data.url).toBe("http://127.0.0.1:1/blobs/token");
    expect(server.requestsTo("GET", "/organizations")).toHaveLength(2);
    expect(client.projectId).toBe("proj-1");
  });

  it("passes a wrong key's 401 through", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/organizations", {
      status: 401,
      body: { error: { message: "invalid API key", code: "UNAUTHENTICATED" } },
    });
    const client = testClient(server);
    const error = await client.init().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as Error).message).toBe("Error code: 401 - invalid API key");
    expect(server.requests).toHaveLength(1);
  });

  it("refuses an organization without projects", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/organizations", organizationReply({ projects: [] }));
    const client = testClient(server);
    const error = await client.init().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as Error).constructor).toBe(ServiceError);
    expect((error as Error).message).toBe(
      "Organization org-1 has no project; the API key needs a project to work in.",
    );
    expect(client.organizationId).toBeUndefined();
  });

  it("raises APIResponseValidationError for a malformed organization", async () => {
    await using server = await startScriptedServer();
    const malformed = { status: "success", data: [{ id: "org-1", name: "Acme", projects: [] }] };
    server.on("GET", "/organizations", { body: malformed, headers: { "x-request-id": "r-7" } });
    const client = testClient(server);
    const error = (await client.init().catch((e: unknown) => e)) as APIResponseValidationError;
    expect(error).toBeInstanceOf(APIResponseValidationError);
    expect(error.statusCode).toBe(200);
    expect(error.body).toEqual(malformed);
    expect(error.requestId).toBe("r-7");
    expect(error.issues.map((issue) => issue.path)).toEqual([["data"]]);
    expect(error.message).toMatch(/^Response of organizations\.get \(status 200\) does not match/);
    expect(server.requests).toHaveLength(1);
  });

  it("lets a waiting caller give up without cancelling the shared lookup", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/organizations", { ...organizationReply(), delayMs: 80 });
    const client = testClient(server);
    const controller = new AbortController();
    const impatient = client.init({ signal: controller.signal });
    const patient = client.init();
    controller.abort();
    await expect(impatient).rejects.toThrow("Request aborted by the caller's signal.");
    await expect(patient).resolves.toMatchObject({ organization: { id: "org-1" } });
    expect(server.requests).toHaveLength(1);
  });

  it("is not done by PublicClient, which refuses project-scoped routes", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/health", HEALTHY);
    const client = testPublicClient(server);
    await client.request(routes.health);
    await expect(
      client.request(routes.createTraceUpload, { body: TRACE_UPLOAD_BODY }),
    ).rejects.toBeInstanceOf(ServiceError);
    expect(server.requests.map((r) => r.path)).toEqual(["/health"]);
  });
});

import { AuthenticationError, BadRequestError, Client, NotFoundError } from "@assay/client";
import { PermissionDeniedError } from "@assay/client/errors";
import { type CreateTraceUploadBody, routes } from "@assay/protocol";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REQUEST_ID, recordingFetch } from "./real-server.ts";

/**
 * The client against a real Assay server (composition root, socket, database: SQLite, or
 * PostgreSQL with DATABASE_URL): what the server really answers must map to the documented errors.
 */

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service?.close());

function clientFor(apiKey: string): Client {
  return new Client({ apiKey, baseURL: service.apiUrl });
}

/** The rejection of `promise`, which must reject. */
async function rejection(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof Error)) throw new Error("expected the call to fail");
  return outcome as Error & Record<string, unknown>;
}

describe("init()", () => {
  it("fills organizationId and projectId from the server, the key's own project first", async () => {
    const created = await service.admin.create({ organization: "Acme", project: "Research" });
    await service.admin.create({ organization: "Acme", project: "Alpha" });
    const client = clientFor(created.key);
    expect(client.organizationId).toBeUndefined();
    expect(client.projectId).toBeUndefined();

    const scope = await client.init();
    expect(client.organizationId).toBe(created.organization.id);
    expect(client.projectId).toBe(created.project.id);
    expect(scope.organization.name).toBe("Acme");
    expect(scope.organization.projects.map((p) => p.name)).toEqual(["Research", "Alpha"]);
    expect(scope.project).toEqual({ id: created.project.id, name: "Research" });
  });

  it("works in the bootstrap key's Default Project", async () => {
    const client = clientFor(service.apiKey);
    const { organization, project } = await client.init();
    expect(organization.name).toBe("Default Organization");
    expect(project.name).toBe("Default Project");
  });
});

describe("status errors from the real server", () => {
  it("maps an unknown key to AuthenticationError, without retrying", async () => {
    const recorder = recordingFetch();
    const client = new Client({
      apiKey: "assay_thisKeyDoesNotExist000000000000000000",
      baseURL: service.apiUrl,
      fetch: recorder.fetch,
    });
    const error = await rejection(client.init());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.name).toBe("AuthenticationError");
    expect(error.statusCode).toBe(401);
    expect(error.message).toBe("Error code: 401 - invalid or revoked API key");
    expect(error.body).toEqual({ message: "invalid or revoked API key", code: "UNAUTHENTICATED" });
    expect(error.requestId).toMatch(REQUEST_ID);
    expect(error.requestId).toBe((error.headers as Record<string, string>)["x-request-id"]);
    expect(recorder.requests).toEqual(["GET /api/v1/organizations"]);
    // A failed lookup is not remembered.
    expect(client.organizationId).toBeUndefined();
  });

  it("reports the caller's own x-request-id back", async () => {
    const client = clientFor("assay_thisKeyDoesNotExist000000000000000000");
    const error = await rejection(
      client.request(routes.getOrganization, {}, { headers: { "x-request-id": "trace-0001-abc" } }),
    );
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.requestId).toBe("trace-0001-abc");
  });

  it("maps an invalid upload request to BadRequestError naming each field, without retrying", async () => {
    const recorder = recordingFetch();
    const client = new Client({
      apiKey: service.apiKey,
      baseURL: service.apiUrl,
      fetch: recorder.fetch,
    });
    await client.init();
    // The client sends what it is given; the server is the one that checks.
    const body = { filename: "../t.jsonl", type: "application/jsonl", size: 0 };
    const error = await rejection(
      client.request(routes.createTraceUpload, { body: body as CreateTraceUploadBody }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.statusCode).toBe(400);
    expect(error.body).toEqual({
      message: expect.any(String),
      code: "VALIDATION_ERROR",
      details: [
        { field: "body.filename", message: "must be a file name without '/' or '\\'" },
        { field: "body.size", message: "must be at least 1 byte" },
      ],
    });
    expect(error.message).toBe(
      "Error code: 400 - body.filename: must be a file name without '/' or '\\' (and 1 more)",
    );
    expect(error.requestId).toMatch(REQUEST_ID);
    const uploadPath = `/api/v1/organizations/${client.organizationId}/projects/${client.projectId}/traces/upload`;
    expect(recorder.requests).toEqual(["GET /api/v1/organizations", `POST ${uploadPath}`]);
  });

  it("maps a type the route does not take to BadRequestError on body.type", async () => {
    const client = clientFor(service.apiKey);
    const error = await rejection(
      client.request(routes.createTraceUpload, {
        body: { filename: "t.csv", type: "text/csv", size: 10 },
      }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error.body as { details: unknown }).details).toEqual([
      {
        field: "body.type",
        message: expect.stringMatching(/^must be one of application\/jsonl, /),
      },
    ]);
  });

  it("maps another organization's ids in the path to NotFoundError", async () => {
    const other = await service.admin.create({ organization: "Other Co", project: "Secret" });
    const client = clientFor(service.apiKey);
    await client.init();
    // Client always fills in its own organization; a route with the ids already in its path
    // is how a caller (or a bug) could name someone else's.
    const pathTo = (organizationId: string, projectId: string) => ({
      ...routes.createTraceUpload,
      path: `/organizations/${organizationId}/projects/${projectId}/traces/upload`,
    });
    const body = { filename: "t.jsonl", type: "application/jsonl", size: 10 };

    const foreignOrg = await rejection(
      client.request(pathTo(other.organization.id, other.project.id), { body }),
    );
    expect(foreignOrg).toBeInstanceOf(NotFoundError);
    expect(foreignOrg.statusCode).toBe(404);
    expect(foreignOrg.message).toBe("Error code: 404 - organization not found");
    expect(foreignOrg.body).toEqual({ message: "organization not found", code: "NOT_FOUND" });

    // Own organization, someone else's project: not found either.
    const foreignProject = await rejection(
      client.request(pathTo(client.organizationId as string, other.project.id), { body }),
    );
    expect(foreignProject).toBeInstanceOf(NotFoundError);
    expect(foreignProject.body).toEqual({ message: "project not found", code: "NOT_FOUND" });

    // The same body in the key's own project is fine.
    const own = await client.request(routes.createTraceUpload, { body });
    expect(own.status).toBe("success");
  });
});

describe("upload()", () => {
  it("PUTs a file to the server's presigned URL, and the server stores it", async () => {
    const client = clientFor(service.apiKey);
    const bytes = new TextEncoder().encode('{"input":"2+2","output":"4"}\n');
    const { data: target } = await client.request(routes.createTraceUpload, {
      body: { filename: "traces.jsonl", type: "application/jsonl", size: bytes.byteLength },
    });
    expect(target.url.startsWith(`${service.apiUrl}/blobs/`)).toBe(true);
    expect(target.headers).toEqual({ "Content-Type": "application/jsonl" });

    await client.upload(target, bytes);

    const objectKey = `uploads/${client.organizationId}/${client.projectId}/${target.upload_id}`;
    const stored = await service.running.deps.blobs.stat(objectKey);
    expect(stored?.size).toBe(bytes.byteLength);
    const chunks: Buffer[] = [];
    for await (const chunk of await service.running.deps.blobs.read(objectKey)) {
      chunks.push(chunk as Buffer);
    }
    expect(Buffer.concat(chunks).toString("utf8")).toBe('{"input":"2+2","output":"4"}\n');
  });

  it("gets PermissionDeniedError when the PUT's Content-Type differs from the announced one", async () => {
    const recorder = recordingFetch();
    const client = new Client({
      apiKey: service.apiKey,
      baseURL: service.apiUrl,
      fetch: recorder.fetch,
    });
    const bytes = new TextEncoder().encode('{"a":1}\n');
    const { data: target } = await client.request(routes.createTraceUpload, {
      body: { filename: "typed.jsonl", type: "application/jsonl", size: bytes.byteLength },
    });
    recorder.requests.length = 0;

    const error = await rejection(
      client.upload({ url: target.url, headers: { "Content-Type": "application/json" } }, bytes),
    );
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error.statusCode).toBe(403);
    expect(error.message).toBe(
      "Error code: 403 - Content-Type must be application/jsonl, as announced when the URL was requested",
    );
    expect(error.body).toMatchObject({ code: "PERMISSION_DENIED" });
    expect(error.requestId).toMatch(REQUEST_ID);
    expect(recorder.requests).toHaveLength(1); // 403 is not retried
    const objectKey = `uploads/${client.organizationId}/${client.projectId}/${target.upload_id}`;
    expect(await service.running.deps.blobs.stat(objectKey)).toBeUndefined();
  });
});

describe("a base URL without the API prefix", () => {
  it("says the prefix is missing instead of a bare 404 page not found", async () => {
    const recorder = recordingFetch();
    const client = new Client({
      apiKey: service.apiKey,
      baseURL: service.origin,
      fetch: recorder.fetch,
    });
    const error = await rejection(client.models.get());
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe(
      `404 page not found at ${service.origin}/organizations: the base URL must include the API ` +
        `prefix, e.g. ${service.origin}/api/v1`,
    );
    expect(error.statusCode).toBe(404);
    expect(error.body).toBe("404 page not found");
    // A 404 is not retried: one request.
    expect(recorder.requests).toEqual(["GET /organizations"]);

    // The same through the public client, and with a wrong prefix.
    const wrongPrefix = new Client({ apiKey: service.apiKey, baseURL: `${service.origin}/v1` });
    const publicError = await rejection(wrongPrefix.public.models.get());
    expect(publicError).toBeInstanceOf(NotFoundError);
    expect(publicError.message).toBe(
      `404 page not found at ${service.origin}/v1/models: the base URL must include the API ` +
        `prefix, e.g. ${service.origin}/api/v1`,
    );
  });

  it("leaves the API's own 404 alone when the base URL is right", async () => {
    const client = clientFor(service.apiKey);
    const error = await rejection(client.models.getById("00000000-0000-4000-8000-000000000000"));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe("Error code: 404 - model not found");
  });
});

import { AuthenticationError, Client, type FetchLike } from "@assay/client";
import { APITimeoutError } from "@assay/client/errors";
import { routes } from "@assay/protocol";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isolatedEnv } from "../support/env.ts";
import { recordingFetch } from "./real-server.ts";

/** Configuration from the environment and `withOptions()` views, against a real Assay server. */

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service?.close());

describe("configuration from the environment", () => {
  it.each([
    ["SERVICE_API_KEY", "SERVICE_BASE_URL"],
    ["LAYERLENS_STRATIX_API_KEY", "LAYERLENS_STRATIX_BASE_URL"],
    ["LAYERLENS_ATLAS_API_KEY", "LAYERLENS_ATLAS_BASE_URL"],
  ] as const)("reaches the server with %s and %s and no options", async (keyVar, urlVar) => {
    using env = isolatedEnv();
    env.set({ [keyVar]: service.apiKey, [urlVar]: service.apiUrl });
    const client = new Client();
    expect(client.baseURL).toBe(service.apiUrl);
    const { organization, project } = await client.init();
    expect(organization.name).toBe("Default Organization");
    expect(project.name).toBe("Default Project");
  });

  it("takes the first variable present, even when a later one would work", async () => {
    using env = isolatedEnv();
    env.set({
      SERVICE_API_KEY: "assay_wrongKeyFromServiceVar00000000000000",
      LAYERLENS_STRATIX_API_KEY: service.apiKey,
      SERVICE_BASE_URL: service.apiUrl,
    });
    await expect(new Client().init()).rejects.toBeInstanceOf(AuthenticationError);
    await expect(new Client({ apiKey: service.apiKey }).init()).resolves.toMatchObject({
      project: { name: "Default Project" },
    });
  });

  it("drops a trailing slash of the base URL (the server is strict about paths)", async () => {
    using env = isolatedEnv();
    env.set({ SERVICE_API_KEY: ` ${service.apiKey} `, SERVICE_BASE_URL: `${service.apiUrl}//` });
    const client = new Client();
    expect(client.baseURL).toBe(service.apiUrl);
    await expect(client.request(routes.health)).resolves.toMatchObject({ status: "ok" });
    await expect(client.init()).resolves.toMatchObject({ project: { name: "Default Project" } });
  });
});

describe("withOptions()", () => {
  it("gives a view with its own timeout sharing key, base URL and organization", async () => {
    const recorder = recordingFetch();
    const client = new Client({
      apiKey: service.apiKey,
      baseURL: service.apiUrl,
      fetch: recorder.fetch,
    });
    const view = client.withOptions({ timeout: 5_000, maxRetries: 0 });
    expect([view.timeout, view.maxRetries]).toEqual([5_000, 0]);
    expect([client.timeout, client.maxRetries]).toEqual([600_000, 2]);
    expect(view.baseURL).toBe(service.apiUrl);

    // The view's lookup is the parent's too: one GET /organizations for both.
    await view.init();
    expect(client.organizationId).toBe(view.organizationId);
    expect(client.projectId).toBe(view.projectId);
    const upload = await view.request(routes.createTraceUpload, {
      body: { filename: "v.jsonl", type: "application/jsonl", size: 5 },
    });
    expect(upload.data.url.startsWith(`${service.apiUrl}/blobs/`)).toBe(true);
    await client.request(routes.createTraceUpload, {
      body: { filename: "p.jsonl", type: "application/jsonl", size: 5 },
    });
    expect(recorder.requests.filter((r) => r.endsWith("/organizations"))).toHaveLength(1);
    expect(recorder.requests).toHaveLength(3);
  });

  it("applies the view's timeout, not the parent's, to a slow answer", async () => {
    // 200 ms of latency in front of the real server: longer than the view's timeout, far
    // shorter than the parent's.
    const slowFetch: FetchLike = (input, init) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve(fetch(input, init)), 200);
        init.signal?.addEventListener("abort", () => {
          clearTimeout(timer);
          reject(init.signal?.reason);
        });
      });
    const client = new Client({
      apiKey: service.apiKey,
      baseURL: service.apiUrl,
      fetch: slowFetch,
      maxRetries: 0,
    });
    const hasty = client.withOptions({ timeout: 50 });

    const error = await hasty.request(routes.getOrganization).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APITimeoutError);
    expect((error as Error).message).toBe("Request timed out after 50 ms.");

    const { data } = await client.request(routes.getOrganization);
    expect(data.name).toBe("Default Organization");
    // A per-request timeout wins over the view's.
    const viaView = await hasty.request(routes.getOrganization, {}, { timeout: 5_000 });
    expect(viaView.data.id).toBe(data.id);
  });
});

import { Client, type ClientOptions, PublicClient } from "@assay/client";
import type { ClientInternals } from "../../src/core/api-client.ts";
import { sleep } from "../../src/core/sleep.ts";
import type { Reply, ScriptedServer } from "./scripted-server.ts";

export const API_KEY = "test-key-123";

export const ORGANIZATION = {
  id: "org-1",
  name: "Acme",
  owner_id: "owner@example.com",
  projects: [
    { id: "proj-1", name: "Default" },
    { id: "proj-2", name: "Other" },
  ],
};

export function organizationReply(overrides: Partial<typeof ORGANIZATION> = {}): Reply {
  return { body: { status: "success", data: { ...ORGANIZATION, ...overrides } } };
}

/** A valid answer of the trace-upload route, the project-scoped route the tests call. */
export function uploadUrlReply(url = "http://127.0.0.1:1/blobs/token"): Reply {
  return {
    body: {
      status: "success",
      data: {
        url,
        upload_id: "upl-1",
        method: "PUT",
        headers: { "content-type": "application/jsonl" },
        expires_at: "2026-11-21T10:00:00.000Z",
      },
    },
  };
}

export const TRACE_UPLOAD_PATH = "/organizations/org-1/projects/proj-1/traces/upload";
export const TRACE_UPLOAD_BODY = { filename: "t.jsonl", type: "application/jsonl", size: 10 };

/**
 * Records the delays the client asked for. Returns at once, so retry tests take no time, unless
 * `wait` is set: then it really waits them (to check a server's Retry-After against the clock).
 */
export function sleepRecorder({ wait = false }: { wait?: boolean } = {}): {
  sleeps: number[];
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
} {
  const sleeps: number[] = [];
  return {
    sleeps,
    sleep: (ms, signal) => {
      sleeps.push(ms);
      return wait ? sleep(ms, signal) : Promise.resolve();
    },
  };
}

/** A client of `server` that does not sleep between retries unless `internals` says otherwise. */
export function testClient(
  server: ScriptedServer,
  options: ClientOptions = {},
  internals: ClientInternals = { sleep: async () => {} },
): Client {
  return new Client({ apiKey: API_KEY, baseURL: server.baseURL, ...options }, internals);
}

export function testPublicClient(
  server: ScriptedServer,
  options: ClientOptions = {},
  internals: ClientInternals = { sleep: async () => {} },
): PublicClient {
  return new PublicClient({ apiKey: API_KEY, baseURL: server.baseURL, ...options }, internals);
}

export const HEALTH = { status: "ok", database: "ok", version: "1.0.0" };
export const HEALTHY: Reply = { body: HEALTH };

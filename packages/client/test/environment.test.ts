import { Client, DEFAULT_BASE_URL, PublicClient, ServiceError } from "@assay/client";
import { routes } from "@assay/protocol";
import { describe, expect, it } from "vitest";
import { isolatedEnv } from "./support/env.ts";
import { HEALTHY } from "./support/fixtures.ts";
import { startScriptedServer } from "./support/scripted-server.ts";

/** The key a client sends, as the server sees it. */
async function sentKey(options: { apiKey?: string } = {}): Promise<string | string[] | undefined> {
  await using server = await startScriptedServer();
  server.on("GET", "/health", HEALTHY);
  await new Client({ ...options, baseURL: server.baseURL }).request(routes.health);
  return server.requests[0]?.headers["x-api-key"];
}

describe("API key", () => {
  it("prefers SERVICE_API_KEY, then LAYERLENS_STRATIX_API_KEY, then LAYERLENS_ATLAS_API_KEY", async () => {
    using env = isolatedEnv();
    env.set({
      SERVICE_API_KEY: "service",
      LAYERLENS_STRATIX_API_KEY: "stratix",
      LAYERLENS_ATLAS_API_KEY: "atlas",
    });
    expect(await sentKey()).toBe("service");
    delete process.env.SERVICE_API_KEY;
    expect(await sentKey()).toBe("stratix");
    delete process.env.LAYERLENS_STRATIX_API_KEY;
    expect(await sentKey()).toBe("atlas");
  });

  it("takes the option over every variable", async () => {
    using env = isolatedEnv();
    env.set({ SERVICE_API_KEY: "service", LAYERLENS_ATLAS_API_KEY: "atlas" });
    expect(await sentKey({ apiKey: "explicit" })).toBe("explicit");
  });

  it("treats empty and blank values as absent", async () => {
    using env = isolatedEnv();
    env.set({
      SERVICE_API_KEY: "",
      LAYERLENS_STRATIX_API_KEY: "   ",
      LAYERLENS_ATLAS_API_KEY: "atlas",
    });
    expect(await sentKey({ apiKey: "" })).toBe("atlas");
  });

  it("throws ServiceError in the constructor when missing, before any request", async () => {
    using env = isolatedEnv();
    env.set({ SERVICE_API_KEY: "", LAYERLENS_STRATIX_API_KEY: "" });
    await using server = await startScriptedServer();
    const make = () => new Client({ baseURL: server.baseURL });
    expect(make).toThrow(ServiceError);
    expect(make).toThrow(
      "No API key: pass apiKey or set one of SERVICE_API_KEY, LAYERLENS_STRATIX_API_KEY, LAYERLENS_ATLAS_API_KEY.",
    );
    expect(() => new PublicClient({ baseURL: server.baseURL, apiKey: "" })).toThrow(ServiceError);
    expect(server.requests).toHaveLength(0);
  });
});

describe("base URL", () => {
  it("prefers SERVICE_BASE_URL, then LAYERLENS_STRATIX_BASE_URL, then LAYERLENS_ATLAS_BASE_URL", () => {
    using env = isolatedEnv();
    env.set({
      SERVICE_BASE_URL: "http://service.test/api/v1",
      LAYERLENS_STRATIX_BASE_URL: "http://stratix.test/api/v1",
      LAYERLENS_ATLAS_BASE_URL: "http://atlas.test/api/v1",
    });
    expect(new Client({ apiKey: "k" }).baseURL).toBe("http://service.test/api/v1");
    env.set({ SERVICE_BASE_URL: "" });
    expect(new Client({ apiKey: "k" }).baseURL).toBe("http://stratix.test/api/v1");
    env.set({ LAYERLENS_STRATIX_BASE_URL: "" });
    expect(new Client({ apiKey: "k" }).baseURL).toBe("http://atlas.test/api/v1");
    expect(new Client({ apiKey: "k", baseURL: "http://option.test/x" }).baseURL).toBe(
      "http://option.test/x",
    );
  });

  it("defaults to http://localhost:8080/api/v1", () => {
    using _env = isolatedEnv();
    expect(DEFAULT_BASE_URL).toBe("http://localhost:8080/api/v1");
    expect(new Client({ apiKey: "k" }).baseURL).toBe("http://localhost:8080/api/v1");
    expect(new Client({ apiKey: "k", baseURL: "" }).baseURL).toBe("http://localhost:8080/api/v1");
  });

  it("is used from the environment, trailing slashes tolerated", async () => {
    using env = isolatedEnv();
    await using server = await startScriptedServer();
    server.on("GET", "/health", HEALTHY);
    env.set({ LAYERLENS_ATLAS_BASE_URL: `${server.baseURL}//`, LAYERLENS_STRATIX_API_KEY: "k" });
    const client = new Client();
    expect(client.baseURL).toBe(server.baseURL);
    await client.request(routes.health);
    expect(server.requests.map((r) => r.path)).toEqual(["/health"]);
  });

  it("must be an absolute URL", () => {
    using _env = isolatedEnv();
    expect(() => new Client({ apiKey: "k", baseURL: "api/v1" })).toThrow(ServiceError);
  });
});

import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  BadRequestError,
  type Client,
  type CreateCustomModelBody,
  isCustomModel,
  type Model,
  NotFoundError,
} from "@assay/client";
import { ConflictError } from "@assay/client/errors";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newTenantClient, requestLog, serviceClient } from "../support/service-clients.ts";

/** `client.models` against a real Assay server (catalog from the server's models.json). */

interface CatalogFileEntry {
  key: string;
  name: string;
  company: string;
  deprecated: boolean;
  open_weights: boolean;
}

const CATALOG = JSON.parse(
  readFileSync(join(import.meta.dirname, "../../../server/src/catalog/models/models.json"), "utf8"),
) as CatalogFileEntry[];
const ATTACHED_KEYS = CATALOG.filter((m) => !m.deprecated).map((m) => m.key);

const PROVIDER_KEY = "sk-provider-secret-that-must-never-come-back";

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ env: { ALLOWED_MODEL_HOSTS: "127.0.0.1" } });
});
afterAll(() => service?.close());

let keys = 0;
function customModel(overrides: Partial<CreateCustomModelBody> = {}): CreateCustomModelBody {
  keys += 1;
  return {
    name: `Local model ${keys}`,
    key: `local/model-${keys}`,
    description: "an OpenAI-compatible endpoint on this machine",
    api_url: "http://127.0.0.1:11434/v1",
    max_tokens: 1024,
    ...overrides,
  };
}

const ids = (models: Model[]) => models.map((m) => m.id);

describe("listing and lookup", () => {
  it("lists the catalog for a fresh project, then the project's own models first", async () => {
    const client = await newTenantClient(service);
    // The original client's shape: `client.models.get().models`.
    const answer = await client.models.get();
    expect(Object.keys(answer)).toEqual(["models"]);
    const fresh = answer.models;
    expect(fresh.map((m) => m.key)).toEqual(ATTACHED_KEYS);
    expect(fresh.some(isCustomModel)).toBe(false);
    // Catalog models never carry organization_id: the original SDK's custom/public rule.
    for (const model of fresh) expect(model).not.toHaveProperty("organization_id");

    const { model_id } = await client.models.createCustom(customModel());
    const listed = (await client.models.get()).models;
    expect(listed).toHaveLength(ATTACHED_KEYS.length + 1);
    expect(listed[0]).toMatchObject({ id: model_id, organization_id: client.organizationId });
    expect(isCustomModel(listed[0] as Model)).toBe(true);
    expect(ids((await client.models.get({ type: "custom" })).models)).toEqual([model_id]);
    expect((await client.models.get({ type: "public" })).models.map((m) => m.key)).toEqual(
      ATTACHED_KEYS,
    );
  });

  it("sends one request per call, lists comma-joined, and filters on the server", async () => {
    const log = requestLog(service.apiUrl);
    const client = serviceClient(service, { fetch: log.fetch });
    await client.init();
    log.requests.length = 0;

    const models = (await client.models.get({ companies: ["Anthropic", "Google"] })).models;
    expect(log.requests).toHaveLength(1);
    const url = log.requests[0]?.url as URL;
    expect(url.pathname).toBe(
      `/api/v1/organizations/${client.organizationId}/projects/${client.projectId}/models`,
    );
    expect(url.search).toBe("?companies=Anthropic%2CGoogle");
    expect(models.length).toBeGreaterThan(0);
    expect(new Set(models.map((m) => !isCustomModel(m) && m.company))).toEqual(
      new Set(["Anthropic", "Google"]),
    );

    const open = (await client.models.get({ type: "public", categories: ["Open-Source"] })).models;
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((m) => !isCustomModel(m) && m.open_weights)).toBe(true);
    expect(log.requests[1]?.url.search).toBe("?type=public&categories=Open-Source");

    // Empty lists and strings are left out, as the original SDK does.
    await client.models.get({ name: "", regions: [] });
    expect(log.requests[2]?.url.search).toBe("");
  });

  it("finds a catalog model by exact key (the server matches substrings)", async () => {
    const log = requestLog(service.apiUrl);
    const client = serviceClient(service, { fetch: log.fetch });
    const gpt4o = await client.models.getByKey("openai/gpt-4o");
    expect(gpt4o).toMatchObject({ key: "openai/gpt-4o", name: "GPT-4o", company: "OpenAI" });
    expect(log.requests.at(-1)?.url.search).toBe("?key=openai%2Fgpt-4o");
    // A prefix of several keys is no key at all.
    expect(await client.models.getByKey("openai/gpt-4")).toBeUndefined();
    expect(await client.models.getByKey("nobody/nothing")).toBeUndefined();
  });

  it("gets catalog and custom models by id; an unknown id is a NotFoundError", async () => {
    const client = serviceClient(service);
    const catalog = (await client.models.getByKey("anthropic/claude-haiku-4-5")) as Model;
    await expect(client.models.getById(catalog.id)).resolves.toEqual(catalog);

    const { model_id } = await client.models.createCustom(customModel());
    const custom = await client.models.getById(model_id);
    expect(isCustomModel(custom)).toBe(true);
    expect(custom).toMatchObject({ id: model_id, project_id: client.projectId, disabled: false });

    const error = await client.models
      .getById("00000000-0000-4000-8000-000000000000")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).statusCode).toBe(404);
  });

  it("gives each withOptions() view its own resources, using the view's options", async () => {
    const client = serviceClient(service);
    const view = client.withOptions({ timeout: 1 });
    expect(view.models).not.toBe(client.models);
    expect(view.benchmarks).not.toBe(client.benchmarks);
    // 1 ms is too short for any real request: the view's models use the view's timeout.
    await expect(view.models.get({}, { maxRetries: 0 })).rejects.toThrow(/timed out/);
    expect((await client.models.get()).models).not.toHaveLength(0);
  });
});

describe("attaching and detaching", () => {
  it("detaches and reattaches catalog and custom models (PATCH with the complete set)", async () => {
    const log = requestLog(service.apiUrl);
    const client = await newTenantClient(service, { fetch: log.fetch });
    const { model_id: customId } = await client.models.createCustom(customModel());
    const gpt4o = (await client.models.getByKey("openai/gpt-4o")) as Model;
    const before = ids((await client.models.get()).models);

    log.requests.length = 0;
    const detached = await client.models.remove([gpt4o.id, customId]);
    expect(log.requests.map((r) => r.route)).toEqual([
      expect.stringMatching(/^GET \/organizations\/.+\/models$/),
      expect.stringMatching(/^PATCH \/organizations\/[^/]+\/projects\/[^/]+$/),
    ]);
    const expected = before.filter((id) => id !== gpt4o.id && id !== customId);
    expect(log.requests[1]?.body).toEqual({ models: expected });
    expect(detached).toMatchObject({ id: client.projectId, name: "Default Project" });
    expect(new Set(detached.models)).toEqual(new Set(expected));

    const after = (await client.models.get()).models;
    expect(ids(after)).toEqual(expected);
    expect(await client.models.getByKey("openai/gpt-4o")).toBeUndefined();
    expect((await client.models.get({ type: "custom" })).models).toEqual([]);
    // Detached is not gone: a catalog model can still be read by id.
    await expect(client.models.getById(gpt4o.id)).resolves.toMatchObject({ key: "openai/gpt-4o" });

    const reattached = await client.models.add([customId, gpt4o.id, customId]);
    expect(log.requests.at(-1)?.body).toEqual({ models: [...expected, customId, gpt4o.id] });
    expect(new Set(reattached.models)).toEqual(new Set(before));
    expect(await client.models.getByKey("openai/gpt-4o")).toMatchObject({ id: gpt4o.id });
    expect(ids((await client.models.get({ type: "custom" })).models)).toEqual([customId]);

    // Adding what is attached changes nothing.
    const again = await client.models.add([gpt4o.id]);
    expect(new Set(again.models)).toEqual(new Set(before));
  });

  it("refuses ids the project cannot attach, changing nothing", async () => {
    const client = await newTenantClient(service);
    const before = ids((await client.models.get()).models);
    const error = await client.models
      .add(["00000000-0000-4000-8000-000000000000"])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as Error).message).toMatch(/body\.models\.\d+: unknown model id/);
    expect(ids((await client.models.get()).models)).toEqual(before);
  });
});

describe("custom models", () => {
  it("creates, lists, updates and deletes; the key is free again afterwards", async () => {
    const client = await newTenantClient(service);
    const body = customModel({
      key: "acme/support-bot",
      api_key: PROVIDER_KEY,
      extra_payload: { temperature: 0.2, top_p: 0.9 },
    });
    const created = await client.models.createCustom(body);
    expect(created).toEqual({
      organization_id: client.organizationId,
      project_id: client.projectId,
      model_id: expect.any(String),
    });

    const [listed] = (await client.models.get({ type: "custom" })).models;
    expect(listed).toMatchObject({
      id: created.model_id,
      key: "acme/support-bot",
      name: body.name,
      api_url: "http://127.0.0.1:11434/v1",
      max_tokens: 1024,
      extra_payload: { temperature: 0.2, top_p: 0.9 },
      api_key_set: true,
      disabled: false,
    });

    const updated = await client.models.updateCustom(created.model_id, {
      api_url: "http://127.0.0.1:8000/v1/chat/completions",
      max_tokens: 2048,
    });
    expect(updated).toEqual({ id: created.model_id });
    // A new URL without a new key clears the stored key.
    expect(await client.models.getById(created.model_id)).toMatchObject({
      api_url: "http://127.0.0.1:8000/v1/chat/completions",
      max_tokens: 2048,
      api_key_set: false,
    });
    await client.models.updateCustom(created.model_id, { api_key: PROVIDER_KEY });
    expect(await client.models.getById(created.model_id)).toMatchObject({ api_key_set: true });

    await expect(client.models.deleteCustom(created.model_id)).resolves.toEqual({
      id: created.model_id,
    });
    expect((await client.models.get({ type: "custom" })).models).toEqual([]);
    expect(await client.models.getByKey("acme/support-bot")).toBeUndefined();

    const reused = await client.models.createCustom({ ...body, name: "Support bot, again" });
    expect(reused.model_id).not.toBe(created.model_id);
    expect(await client.models.getByKey("acme/support-bot")).toMatchObject({
      id: reused.model_id,
      name: "Support bot, again",
    });
  });

  it("never returns the provider key", async () => {
    const client = await newTenantClient(service);
    const { model_id } = await client.models.createCustom(customModel({ api_key: PROVIDER_KEY }));
    const answers = [
      (await client.models.get()).models,
      (await client.models.get({ type: "custom" })).models,
      await client.models.getById(model_id),
      await client.models.getByKey((await client.models.getById(model_id)).key),
    ];
    for (const answer of answers) {
      const text = JSON.stringify(answer);
      expect(text).not.toContain(PROVIDER_KEY);
      expect(text).not.toContain('"api_key"');
      expect(text).toContain('"api_key_set":true');
    }
  });

  it.each([["Acme/Model"], ["acme"], ["acme/a/b"]])(
    "refuses the malformed key %s with a BadRequestError naming the field",
    async (key) => {
      const client = serviceClient(service);
      const error = await client.models.createCustom(customModel({ key })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BadRequestError);
      expect((error as Error).message).toMatch(/^Error code: 400 - body\.key: must look like/);
    },
  );

  it.each([["model"], ["messages"], ["stream"]])(
    "refuses extra_payload.%s (set by the service)",
    async (reserved) => {
      const client = serviceClient(service);
      const error = await client.models
        .createCustom(customModel({ extra_payload: { [reserved]: "x", temperature: 1 } }))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BadRequestError);
      expect((error as Error).message).toContain(`body.extra_payload.${reserved}`);

      const { model_id } = await client.models.createCustom(customModel());
      const onUpdate = await client.models
        .updateCustom(model_id, { extra_payload: { [reserved]: true } })
        .catch((e: unknown) => e);
      expect(onUpdate).toBeInstanceOf(BadRequestError);
      expect((onUpdate as Error).message).toContain(`body.extra_payload.${reserved}`);
    },
  );

  it("refuses a duplicate key with a ConflictError", async () => {
    const client = serviceClient(service);
    const body = customModel();
    await client.models.createCustom(body);
    const error = await client.models
      .createCustom({ ...body, name: "another name" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as Error).message).toContain(`"${body.key}" already exists`);
  });

  it("refuses an empty update", async () => {
    const client = serviceClient(service);
    const { model_id } = await client.models.createCustom(customModel());
    await expect(client.models.updateCustom(model_id, {})).rejects.toBeInstanceOf(BadRequestError);
  });

  it("keeps each tenant's models to itself", async () => {
    const owner: Client = serviceClient(service);
    const { model_id } = await owner.models.createCustom(customModel());
    const other = await newTenantClient(service);

    await expect(other.models.getById(model_id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(other.models.updateCustom(model_id, { max_tokens: 1 })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(other.models.deleteCustom(model_id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(other.models.add([model_id])).rejects.toBeInstanceOf(BadRequestError);
    expect(ids((await other.models.get()).models)).not.toContain(model_id);
    // Still there, untouched, for its owner.
    await expect(owner.models.getById(model_id)).resolves.toMatchObject({ max_tokens: 1024 });
  });
});

describe("outbound URL policy", () => {
  let strict: TestService;
  beforeAll(async () => {
    strict = await startTestService();
  });
  afterAll(() => strict?.close());

  it("refuses a loopback api_url unless ALLOWED_MODEL_HOSTS allows it", async () => {
    const client = serviceClient(strict);
    const error = await client.models
      .createCustom(customModel({ api_url: "http://127.0.0.1:9/v1" }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as Error).message).toContain("body.api_url");
    expect((error as Error).message).toContain("ALLOWED_MODEL_HOSTS");
    expect((await client.models.get({ type: "custom" })).models).toEqual([]);

    // The same URL is fine where loopback is allowed.
    await expect(
      serviceClient(service).models.createCustom(customModel({ api_url: "http://127.0.0.1:9/v1" })),
    ).resolves.toHaveProperty("model_id");
  });
});

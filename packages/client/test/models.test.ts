import type { CustomModel } from "@assay/client";
import { describe, expect, it } from "vitest";
import { organizationReply, testClient } from "./support/fixtures.ts";
import { startScriptedServer } from "./support/scripted-server.ts";

/** `client.models` custom endpoints against a scripted server: what goes on the wire. */

const PROJECT = "/organizations/org-1/projects/proj-1";
const MODEL_ID = "5b1d9c7e-2a3f-4e6d-8c9b-0a1b2c3d4e5f";

const bodyOf = (request: { body: Buffer } | undefined) =>
  JSON.parse(request?.body.toString() ?? "null") as unknown;

function customModel(patch: Partial<CustomModel> = {}): CustomModel {
  return {
    id: MODEL_ID,
    key: "acme/qwen3",
    name: "Qwen3",
    description: "",
    organization_id: "org-1",
    project_id: "proj-1",
    api_url: "http://127.0.0.1:8000/v1",
    max_tokens: 1024,
    disabled: false,
    extra_payload: {},
    provider_model: null,
    api_key_set: false,
    request_profile: "openai-compatible",
    cost_per_input_token: null,
    cost_per_output_token: null,
    created_at: "2026-11-28T00:00:00.000Z",
    updated_at: "2026-11-28T00:00:00.000Z",
    ...patch,
  };
}

describe("custom models", () => {
  it("create and update send request_profile as given, and only when given", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/organizations", organizationReply());
    server.on("POST", `${PROJECT}/custom-models`, {
      status: 201,
      body: {
        status: "success",
        data: { organization_id: "org-1", project_id: "proj-1", model_id: MODEL_ID },
      },
    });
    server.on("PATCH", `${PROJECT}/custom-models/${MODEL_ID}`, {
      body: { status: "success", data: { id: MODEL_ID } },
    });
    const client = testClient(server);
    const base = {
      name: "Qwen3",
      key: "acme/qwen3",
      description: "",
      api_url: "http://127.0.0.1:8000/v1",
      max_tokens: 1024,
    };
    await client.models.createCustom({ ...base, request_profile: "vllm" });
    await client.models.createCustom(base);
    await client.models.updateCustom(MODEL_ID, { request_profile: "deepseek-reasoner" });

    const [chosen, unchosen] = server.requestsTo("POST", `${PROJECT}/custom-models`).map(bodyOf);
    expect(chosen).toEqual({ ...base, request_profile: "vllm" });
    // Left out, the server's default (openai-compatible) applies.
    expect(unchosen).toEqual(base);
    expect(bodyOf(server.requestsTo("PATCH", `${PROJECT}/custom-models/${MODEL_ID}`)[0])).toEqual({
      request_profile: "deepseek-reasoner",
    });
  });

  it("read a model's request profile back", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/organizations", organizationReply());
    server.on("GET", `${PROJECT}/models/${MODEL_ID}`, {
      body: { status: "success", data: customModel({ request_profile: "vllm" }) },
    });
    const model = await testClient(server).models.getById(MODEL_ID);
    expect(model).toMatchObject({ request_profile: "vllm" });
  });
});

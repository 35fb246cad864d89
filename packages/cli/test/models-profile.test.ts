import type { CustomModel } from "@assay/client";
import { REQUEST_PROFILE_NAMES } from "@assay/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { organizationReply } from "../../client/test/support/fixtures.ts";
import {
  type ScriptedServer,
  startScriptedServer,
} from "../../client/test/support/scripted-server.ts";
import { runCli } from "./support/cli.ts";

/**
 * `assay models create|update --profile` and `models show` against a scripted server: the
 * request profile sent as given, refused before any request when it is not a profile's name,
 * and shown. The real service's side is in models.test.ts.
 */

const PROJECT = "/organizations/org-1/projects/proj-1";
const MODEL_ID = "5b1d9c7e-2a3f-4e6d-8c9b-0a1b2c3d4e5f";

let server: ScriptedServer;
beforeEach(async () => {
  server = await startScriptedServer();
  server.on("GET", "/organizations", organizationReply());
});
afterEach(() => server.close());

const env = () => ({ SERVICE_API_KEY: "assay_test_key", SERVICE_BASE_URL: server.baseURL });
const bodyOf = (r: { body: Buffer } | undefined) => JSON.parse(r?.body.toString() ?? "null");
const CREATE = [
  ...["models", "create", "--name", "Qwen3", "--key", "acme/qwen3"],
  ...["--api-url", "http://127.0.0.1:8000/v1"],
];

describe("assay models --profile", () => {
  it("create and update send the profile; without it, create leaves it to the service", async () => {
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
    const created = await runCli([...CREATE, "--profile", "vllm"], env());
    expect(created, created.stderr).toMatchObject({ code: 0, stdout: `${MODEL_ID}\n` });
    expect((await runCli(CREATE, env())).code).toBe(0);
    const updated = await runCli(
      ["models", "update", MODEL_ID, "--profile", "deepseek-reasoner"],
      env(),
    );
    expect(updated, updated.stderr).toMatchObject({ code: 0, stdout: `updated ${MODEL_ID}\n` });

    const [chosen, unchosen] = server.requestsTo("POST", `${PROJECT}/custom-models`).map(bodyOf);
    expect(chosen).toMatchObject({ key: "acme/qwen3", request_profile: "vllm" });
    expect(unchosen).not.toHaveProperty("request_profile");
    expect(bodyOf(server.requestsTo("PATCH", `${PROJECT}/custom-models/${MODEL_ID}`)[0])).toEqual({
      request_profile: "deepseek-reasoner",
    });
  });

  it("refuses an unknown profile before any request, listing the valid names", async () => {
    const refused = await runCli([...CREATE, "--profile", "gpt5"], env());
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `argument 'gpt5' is invalid. Allowed choices are ${REQUEST_PROFILE_NAMES.join(", ")}.`,
    );
    const help = await runCli(["models", "update", "--help"], {});
    // Commander wraps the help; the names are all there.
    const flat = help.stdout.replace(/\s+/g, " ");
    for (const name of REQUEST_PROFILE_NAMES) expect(flat).toContain(`"${name}"`);
    expect(server.requests).toEqual([]);
  });

  it("show prints the model's request profile", async () => {
    const model: CustomModel = {
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
      request_profile: "vllm",
      cost_per_input_token: null,
      cost_per_output_token: null,
      created_at: "2026-11-28T00:00:00.000Z",
      updated_at: "2026-11-28T00:00:00.000Z",
    };
    server.on("GET", `${PROJECT}/models/${MODEL_ID}`, { body: { status: "success", data: model } });
    const shown = await runCli(["models", "show", MODEL_ID], env());
    expect(shown, shown.stderr).toMatchObject({ code: 0 });
    expect(shown.stdout).toMatch(/│ request profile\s+│ vllm\s+│/);
  });
});

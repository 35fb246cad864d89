import { Client, type CustomModel, type Model } from "@assay/client";
import { describe, expect, it } from "vitest";
import { apiEnv, runApiCli, runCliWithInput, useTestService } from "./support/api-cli.ts";
import { type CliResult, runCli } from "./support/cli.ts";

/** `assay models …`: user commands over the SDK, against a real service. */

const service = useTestService();

const PROVIDER_KEY = "sk-provider-secret-0123456789";
const NEW_PROVIDER_KEY = "sk-provider-secret-rotated-9876";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Runs `assay models <args>` and checks it succeeded without printing a provider key. */
async function models(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const result = await runApiCli(service(), ["models", ...args], env);
  expect(result, result.stderr).toMatchObject({ code: 0 });
  for (const secret of [PROVIDER_KEY, NEW_PROVIDER_KEY]) {
    expect(result.stdout).not.toContain(secret);
    expect(result.stderr).not.toContain(secret);
  }
  return result;
}

/** The model as the service has it, read in process (cheaper than one more CLI run). */
async function fetchModel(id: string): Promise<CustomModel> {
  const { apiKey, apiUrl } = service();
  return (await new Client({ apiKey, baseURL: apiUrl }).models.getById(id)) as CustomModel;
}

describe("assay models", () => {
  it("creates a custom model with its provider key from the environment, then shows, lists, updates and deletes it", async () => {
    const created = await models(
      [
        "create",
        "--name",
        "Local Llama",
        "--key",
        "acme/llama-3",
        "--api-url",
        "http://127.0.0.1:9/v1",
        "--max-tokens",
        "512",
        "--api-key-env",
        "PROVIDER_KEY",
        "--extra-payload",
        '{"temperature": 0.2}',
        "--json",
      ],
      { PROVIDER_KEY },
    );
    const answer = JSON.parse(created.stdout) as { model_id: string };
    expect(answer).toEqual({
      organization_id: expect.stringMatching(UUID),
      project_id: expect.stringMatching(UUID),
      model_id: expect.stringMatching(UUID),
    });
    expect(created.stdout).toBe(`${JSON.stringify(answer)}\n`);
    const id = answer.model_id;

    // By key: every field, the key stored but never shown.
    const byKey = await models(["show", "acme/llama-3", "--json"]);
    expect(JSON.parse(byKey.stdout)).toMatchObject({
      id,
      key: "acme/llama-3",
      name: "Local Llama",
      description: "",
      api_url: "http://127.0.0.1:9/v1",
      max_tokens: 512,
      extra_payload: { temperature: 0.2 },
      provider_model: null,
      api_key_set: true,
      disabled: false,
    });
    // By id, as a table.
    const shown = (await models(["show", id])).stdout;
    for (const text of [id, "acme/llama-3", "Local Llama", "http://127.0.0.1:9/v1", "512"]) {
      expect(shown).toContain(text);
    }
    expect(shown).toMatch(/api key stored\s*│\s*yes/);

    // Listing: the table has the custom row; --json is the SDK's list and nothing else.
    const table = (await models(["list"])).stdout;
    expect(table).toMatch(/│ id\s+│ key\s+│ name\s+│ type\s+│ company \/ api_url\s+│ runnable │/);
    expect(table).toMatch(
      new RegExp(
        `│ ${id} │ acme/llama-3 +│ Local Llama +│ custom +│ http://127\\.0\\.0\\.1:9/v1 +│ yes`,
      ),
    );
    const listed = JSON.parse((await models(["list", "--type", "custom", "--json"])).stdout);
    expect((listed as Model[]).map((m) => m.id)).toEqual([id]);

    // Update: only the options given change; the key stays while the URL does.
    const updated = await models(["update", id, "--max-tokens", "1024", "--name", "Llama 3"]);
    expect(updated).toMatchObject({ stdout: `updated ${id}\n`, stderr: "" });
    expect(await fetchModel(id)).toMatchObject({
      name: "Llama 3",
      max_tokens: 1024,
      api_url: "http://127.0.0.1:9/v1",
      extra_payload: { temperature: 0.2 },
      api_key_set: true,
    });

    // A new URL without a key clears the stored key, and says so.
    const moved = await models(["update", id, "--api-url", "http://127.0.0.1:10/v1"]);
    expect(moved.stderr).toBe("the new --api-url cleared the stored provider key\n");
    expect(await fetchModel(id)).toMatchObject({
      api_url: "http://127.0.0.1:10/v1",
      api_key_set: false,
    });

    // A key from stdin (as `pass show … | assay models update --api-key-stdin`).
    const piped = await runCliWithInput(
      ["models", "update", id, "--api-key-stdin", "--extra-payload", "{}", "--json"],
      apiEnv(service()),
      `${NEW_PROVIDER_KEY}\n`,
    );
    expect(piped).toMatchObject({ code: 0, stdout: `${JSON.stringify({ id })}\n`, stderr: "" });
    expect(await fetchModel(id)).toMatchObject({ api_key_set: true, extra_payload: {} });

    const deleted = await models(["delete", id]);
    expect(deleted.stdout).toBe(`deleted ${id}\n`);
    const gone = await runApiCli(service(), ["models", "show", "acme/llama-3"]);
    expect(gone).toMatchObject({
      code: 1,
      stdout: "",
      stderr: "assay: no model with key acme/llama-3 in this project\n",
    });
    expect(JSON.parse((await models(["list", "--type", "custom", "--json"])).stdout)).toEqual([]);
  });

  it("--profile sets the request profile on create and update; show prints it", async () => {
    const created = await models([
      ...["create", "--name", "Qwen3", "--key", "acme/qwen3", "--api-url", "http://127.0.0.1:9/v1"],
      ...["--json"],
    ]);
    const { model_id: id } = JSON.parse(created.stdout) as { model_id: string };
    // Not chosen: the service's default.
    expect(await fetchModel(id)).toMatchObject({ request_profile: "openai-compatible" });
    await models(["update", id, "--profile", "vllm"]);
    expect(await fetchModel(id)).toMatchObject({ request_profile: "vllm" });
    expect((await models(["show", id])).stdout).toMatch(/│ request profile\s+│ vllm\s+│/);
    await models(["delete", id]);

    const chosen = await models([
      ...["create", "--name", "R1", "--key", "acme/r1", "--api-url", "http://127.0.0.1:9/v1"],
      ...["--profile", "deepseek-reasoner", "--json"],
    ]);
    const r1 = (JSON.parse(chosen.stdout) as { model_id: string }).model_id;
    expect(await fetchModel(r1)).toMatchObject({ request_profile: "deepseek-reasoner" });
    await models(["delete", r1]);
  });

  it("--input-price/--output-price give a custom model prices per million tokens; --no-prices removes them", async () => {
    const created = await models([
      ...[
        "create",
        "--name",
        "Priced",
        "--key",
        "acme/priced",
        "--api-url",
        "http://127.0.0.1:9/v1",
      ],
      ...["--input-price", "2.5", "--output-price", "$10", "--json"],
    ]);
    const { model_id: id } = JSON.parse(created.stdout) as { model_id: string };
    // Kept as the API keeps prices: USD per token, exactly.
    expect(await fetchModel(id)).toMatchObject({
      cost_per_input_token: "0.0000025",
      cost_per_output_token: "0.00001",
    });
    const shown = (await models(["show", id])).stdout;
    expect(shown).toMatch(/│ price per million input tokens \(USD\)\s+│ 2\.5\s+│/);
    expect(shown).toMatch(/│ price per million output tokens \(USD\)\s+│ 10\s+│/);

    await models(["update", id, "--input-price", "0.15"]);
    expect(await fetchModel(id)).toMatchObject({ cost_per_input_token: "0.00000015" });
    await models(["update", id, "--no-prices"]);
    expect(await fetchModel(id)).toMatchObject({
      cost_per_input_token: null,
      cost_per_output_token: null,
    });
    expect((await models(["show", id])).stdout).toMatch(
      /│ price per million input tokens \(USD\)\s+│ none\s+│/,
    );

    const env = apiEnv(service());
    const create = [
      "models",
      "create",
      "--name",
      "x",
      "--key",
      "acme/x",
      "--api-url",
      "http://127.0.0.1:9/v1",
    ];
    const alone = await runCli([...create, "--input-price", "1"], env);
    expect(alone).toMatchObject({
      code: 1,
      stderr: "assay: --input-price and --output-price go together\n",
    });
    const bad = await runCli([...create, "--input-price", "2.5e-6", "--output-price", "1"], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("must be US dollars per million tokens, like 2.5 or 0.15");
    await models(["delete", id]);
  });

  it("lists catalog models with their company and whether they can run", async () => {
    const all = JSON.parse(
      (await models(["list", "--type", "public", "--json"])).stdout,
    ) as Model[];
    expect(all.length).toBeGreaterThan(0);
    const first = all[0] as Extract<Model, { company: string | null }>;
    expect(first).toMatchObject({ id: expect.stringMatching(UUID), runnable: expect.any(Boolean) });
    expect(all.some((m) => "organization_id" in m)).toBe(false);

    const company = first.company ?? "";
    const table = (await models(["list", "--type", "public", "--company", company])).stdout;
    expect(table).toContain(first.key);
    expect(table).toMatch(new RegExp(`│ public +│ ${company} +│ (yes|no) +│`));

    const shown = (await models(["show", first.key])).stdout;
    expect(shown).toContain(first.id);
    expect(shown).toMatch(/type\s*│\s*public/);
    expect(shown).toMatch(new RegExp(`│ request profile\\s+│ ${first.request_profile}\\s+│`));
  });

  it("asks for 1,024 tokens when --max-tokens is not given", async () => {
    const created = await models([
      "create",
      "--name",
      "Defaults",
      "--key",
      "acme/defaults",
      "--api-url",
      "http://127.0.0.1:9/v1",
      "--json",
    ]);
    const { model_id } = JSON.parse(created.stdout) as { model_id: string };
    expect(JSON.parse((await models(["show", model_id, "--json"])).stdout)).toMatchObject({
      max_tokens: 1024,
    });
    await models(["delete", model_id]);
  });

  it("refuses bad options before any request, with a message naming what to fix", async () => {
    const env = apiEnv(service());
    const create = [
      "models",
      "create",
      "--name",
      "x",
      "--key",
      "acme/x",
      "--api-url",
      "http://127.0.0.1:9/v1",
      "--max-tokens",
    ];

    const badJson = await runCli([...create, "10", "--extra-payload", "{temperature: 1}"], env);
    expect(badJson.code).toBe(1);
    expect(badJson.stderr).toContain(
      "error: option '--extra-payload <json>' argument '{temperature: 1}' is invalid. not valid JSON",
    );

    const badNumber = await runCli([...create, "many"], env);
    expect(badNumber.code).toBe(1);
    expect(badNumber.stderr).toContain("argument 'many' is invalid. must be a whole number ≥ 1");

    const unsetVar = await runCli([...create, "10", "--api-key-env", "NO_SUCH_VAR"], env);
    expect(unsetVar).toMatchObject({
      code: 1,
      stdout: "",
      stderr: "assay: environment variable NO_SUCH_VAR is not set or empty\n",
    });

    const both = await runCli(
      [...create, "10", "--api-key-env", "PROVIDER_KEY", "--api-key-stdin"],
      { ...env, PROVIDER_KEY },
    );
    expect(both.code).toBe(1);
    expect(both.stderr).toContain("cannot be used with option '--api-key-stdin'");
    expect(both.stderr).not.toContain(PROVIDER_KEY);

    const nothing = await runCli(["models", "update", "00000000-0000-4000-8000-000000000000"], env);
    expect(nothing).toMatchObject({
      code: 1,
      stderr:
        "assay: nothing to change: give at least one option (see `assay models update --help`)\n",
    });

    // Refused by the server: the message is the server's, without HTTP noise.
    const badKey = await runCli(
      [...create.slice(0, 5), "Not A Key", ...create.slice(6), "10"],
      env,
    );
    expect(badKey.code).toBe(1);
    expect(badKey.stderr).toMatch(/^assay: .*key.*<organization>\/<model-name>/);
  });

  it("needs an API key: from --api-key or SERVICE_API_KEY, with a clear error otherwise", async () => {
    const { apiUrl, apiKey } = service();
    // No key saved in this data dir either (see saved-api-key.test.ts).
    const missing = await runCli(["models", "list"], {
      SERVICE_BASE_URL: apiUrl,
      ASSAY_DATA_DIR: service().database.dataDir,
    });
    expect(missing).toMatchObject({
      code: 1,
      stdout: "",
      stderr:
        "assay: no API key: pass --api-key or set SERVICE_API_KEY (an administrator creates keys with `assay keys create`)\n",
    });

    const wrong = await runCli(
      ["models", "list", "--api-key", "assay_wrong", "--base-url", apiUrl],
      {},
    );
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/^assay: the service refused the API key \(.+\); check --api-key/);

    // Options win over the environment.
    const flags = await runCli(
      ["models", "list", "--type", "custom", "--json", "--api-key", apiKey, "--base-url", apiUrl],
      { SERVICE_API_KEY: "assay_wrong", SERVICE_BASE_URL: "http://127.0.0.1:1/api/v1" },
    );
    expect(flags).toMatchObject({ code: 0, stdout: "[]\n" });

    const unknown = await runApiCli(service(), [
      "models",
      "show",
      "00000000-0000-4000-8000-000000000000",
    ]);
    expect(unknown).toMatchObject({
      code: 1,
      stderr: "assay: no model with id 00000000-0000-4000-8000-000000000000 in this project\n",
    });
  });

  it("says a base URL lacks the API prefix instead of a bare 404 page not found", async () => {
    const { origin } = service();
    const result = await runApiCli(service(), ["models", "list"], { SERVICE_BASE_URL: origin });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `404 page not found at ${origin}/organizations: the base URL must include the API prefix, ` +
        `e.g. ${origin}/api/v1`,
    );
  });
});

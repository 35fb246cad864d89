import { isCustomModel, type Model, type RequestProfileName } from "@assay/client";
import { perMillionPrice, perTokenPrice, REQUEST_PROFILE_NAMES } from "@assay/protocol";
import { type Command, InvalidArgumentError, Option } from "commander";
import {
  type ConnectionOptions,
  findByIdOrKey,
  toJsonObject,
  toList,
  toPositiveInteger,
  withApiClient,
  withConnectionOptions,
} from "../api-client.ts";
import { printJson } from "../output/json.ts";
import { printFields, printTable } from "../output/table.ts";

/** What `models create` asks for without `--max-tokens`: enough for a worked GSM8K answer. */
const DEFAULT_MAX_TOKENS = 1024;

/** `assay models …`: the models of the API key's project, over the API. */
export function registerModelCommands(program: Command) {
  const models = program.command("models");

  models
    .command("list")
    .description("list the project's models: its custom endpoints first, then catalog models")
    .addOption(
      new Option("--type <type>", "only custom or only catalog models").choices([
        "custom",
        "public",
      ]),
    )
    .option("--name <text>", "only models whose name contains this (case-insensitive)")
    .option("--key <text>", "only models whose key contains this (case-insensitive)")
    .option("--company <list>", "only catalog models of these companies (comma-separated)", toList)
    .option("--json", "print JSON")
    .action(async (options: ListOptions) => {
      await withApiClient(options, async (client) => {
        const { models: rows } = await client.models.get({
          type: options.type,
          name: options.name,
          key: options.key,
          companies: options.company,
        });
        if (options.json) return printJson(rows);
        if (rows.length === 0) return console.log("no models");
        printTable(
          ["id", "key", "name", "type", "company / api_url", "runnable"],
          rows.map((m) =>
            isCustomModel(m)
              ? [m.id, m.key, m.name, "custom", m.api_url, !m.disabled]
              : [m.id, m.key, m.name, "public", m.company, m.runnable],
          ),
        );
      });
    });

  models
    .command("show")
    .description("show one model of the project")
    .argument("<id-or-key>", "the model's id, or its key (e.g. openai/gpt-4o)")
    .option("--json", "print JSON")
    .action(async (idOrKey: string, options: ConnectionOptions & { json?: boolean }) => {
      await withApiClient(options, async (client) => {
        const model = await findByIdOrKey(idOrKey, "model", client.models);
        if (options.json) return printJson(model);
        printFields(modelFields(model));
      });
    });

  models
    .command("create")
    .description("add a custom model: an OpenAI-compatible endpoint; prints the new model's id")
    .requiredOption("--name <name>", "display name")
    .requiredOption("--key <key>", "unique key, <organization>/<model-name> (e.g. acme/llama-3-8b)")
    .requiredOption("--api-url <url>", "base URL of the OpenAI-compatible API (…/v1)")
    .option(
      "--max-tokens <n>",
      "largest completion to ask for (room for a worked answer; raise it for reasoning models)",
      toPositiveInteger,
      DEFAULT_MAX_TOKENS,
    )
    .option("--description <text>", "what the model is", "")
    .option("--extra-payload <json>", "JSON object merged into every request", toJsonObject)
    .option("--provider-model <name>", "the `model` sent to the endpoint (default: the key's name)")
    .addOption(profileOption("openai-compatible"))
    .addOption(apiKeyEnvOption())
    .addOption(apiKeyStdinOption())
    .addOption(inputPriceOption())
    .addOption(outputPriceOption())
    .option("--json", "print JSON")
    .action(async (options: CreateOptions) => {
      checkPricePair(options);
      const apiKey = await readProviderKey(options);
      await withApiClient(options, async (client) => {
        const created = await client.models.createCustom({
          name: options.name,
          key: options.key,
          description: options.description,
          api_url: options.apiUrl,
          max_tokens: options.maxTokens,
          api_key: apiKey,
          extra_payload: options.extraPayload,
          provider_model: options.providerModel,
          request_profile: options.profile,
          cost_per_input_token: options.inputPrice,
          cost_per_output_token: options.outputPrice,
        });
        if (options.json) return printJson(created);
        console.log(created.model_id);
        console.error(`created custom model ${options.key}`);
      });
    });

  models
    .command("update")
    .description("change a custom model; only the options given change")
    .argument("<id>", "the custom model's id")
    .option("--name <name>", "display name")
    .option("--description <text>", "what the model is")
    .option(
      "--api-url <url>",
      "base URL of the API; clears the stored provider key unless a new one is given",
    )
    .option("--max-tokens <n>", "largest completion to ask for", toPositiveInteger)
    .option(
      "--extra-payload <json>",
      "JSON object merged into every request ({} clears it)",
      toJsonObject,
    )
    .option("--provider-model <name>", "the `model` sent to the endpoint")
    .addOption(profileOption())
    .addOption(apiKeyEnvOption())
    .addOption(apiKeyStdinOption())
    .addOption(inputPriceOption())
    .addOption(outputPriceOption())
    .addOption(
      new Option("--no-prices", "remove the model's prices (its runs then have no cost)").conflicts(
        ["inputPrice", "outputPrice"],
      ),
    )
    .option("--json", "print JSON")
    .action(async (id: string, options: UpdateOptions) => {
      const apiKey = await readProviderKey(options);
      const removePrices = options.prices === false;
      const body = {
        name: options.name,
        description: options.description,
        api_url: options.apiUrl,
        max_tokens: options.maxTokens,
        extra_payload: options.extraPayload,
        provider_model: options.providerModel,
        request_profile: options.profile,
        api_key: apiKey,
        cost_per_input_token: removePrices ? null : options.inputPrice,
        cost_per_output_token: removePrices ? null : options.outputPrice,
      };
      if (Object.values(body).every((value) => value === undefined)) {
        throw new Error(
          "nothing to change: give at least one option (see `assay models update --help`)",
        );
      }
      await withApiClient(options, async (client) => {
        const updated = await client.models.updateCustom(id, body);
        if (options.json) return printJson(updated);
        console.log(`updated ${updated.id}`);
        if (options.apiUrl !== undefined && apiKey === undefined) {
          console.error("the new --api-url cleared the stored provider key");
        }
      });
    });

  models
    .command("delete")
    .description("delete a custom model")
    .argument("<id>", "the custom model's id")
    .option("--json", "print JSON")
    .action(async (id: string, options: ConnectionOptions & { json?: boolean }) => {
      await withApiClient(options, async (client) => {
        const deleted = await client.models.deleteCustom(id);
        if (options.json) return printJson(deleted);
        console.log(`deleted ${deleted.id}`);
      });
    });

  // Last, so each command's help lists its own options first.
  for (const command of models.commands) withConnectionOptions(command);
}

interface ListOptions extends ConnectionOptions {
  type?: "custom" | "public";
  name?: string;
  key?: string;
  company?: string[];
  json?: boolean;
}

/** `--input-price`/`--output-price`, as USD per token (decimal text) once parsed. */
interface PriceOptions {
  inputPrice?: string;
  outputPrice?: string;
}

interface ProviderKeyOptions {
  apiKeyEnv?: string;
  apiKeyStdin?: boolean;
}

interface CreateOptions extends ConnectionOptions, ProviderKeyOptions, PriceOptions {
  name: string;
  key: string;
  apiUrl: string;
  maxTokens: number;
  description: string;
  extraPayload?: Record<string, unknown>;
  providerModel?: string;
  profile?: RequestProfileName;
  json?: boolean;
}

interface UpdateOptions extends ConnectionOptions, ProviderKeyOptions, PriceOptions {
  /** False with --no-prices. */
  prices?: boolean;
  name?: string;
  description?: string;
  apiUrl?: string;
  maxTokens?: number;
  extraPayload?: Record<string, unknown>;
  providerModel?: string;
  profile?: RequestProfileName;
  json?: boolean;
}

/**
 * `--profile`: how the endpoint is asked (its token parameter, temperatures, reasoning). Commander
 * lists the names in the help and in the error for any other value.
 */
function profileOption(defaultName?: string): Option {
  const when = defaultName === undefined ? "" : ` (the service's default: ${defaultName})`;
  return new Option(
    "--profile <name>",
    `request profile: which parameters the endpoint takes${when}`,
  ).choices(REQUEST_PROFILE_NAMES);
}

/**
 * A custom model's prices are typed as providers quote them, USD per million tokens, and sent as
 * the API keeps them, USD per token (the decimal point moved, never through a float).
 */
function toPerTokenPrice(value: string): string {
  const price = perTokenPrice(value.trim().replace(/^\$/, ""));
  if (price === null)
    throw new InvalidArgumentError("must be US dollars per million tokens, like 2.5 or 0.15");
  return price;
}

function inputPriceOption(): Option {
  return new Option(
    "--input-price <usd>",
    "the model's price in US dollars per million input tokens (with --output-price): its runs then have a cost, a plan and a budget",
  ).argParser(toPerTokenPrice);
}

function outputPriceOption(): Option {
  return new Option(
    "--output-price <usd>",
    "the model's price in US dollars per million output tokens (with --input-price)",
  ).argParser(toPerTokenPrice);
}

/** A model has both prices or neither; the service says so too, this says it in option names. */
function checkPricePair(options: PriceOptions): void {
  if ((options.inputPrice === undefined) !== (options.outputPrice === undefined))
    throw new Error("--input-price and --output-price go together");
}

/**
 * The provider's API key never comes as an option value: it would stay in shell history and be
 * visible to every user in `ps`. It is read from a named environment variable or from stdin.
 */
function apiKeyEnvOption(): Option {
  return new Option(
    "--api-key-env <VAR>",
    "read the provider's API key from this environment variable",
  ).conflicts("apiKeyStdin");
}

function apiKeyStdinOption(): Option {
  return new Option("--api-key-stdin", "read the provider's API key from stdin");
}

async function readProviderKey(options: ProviderKeyOptions): Promise<string | undefined> {
  if (options.apiKeyEnv !== undefined) {
    const value = process.env[options.apiKeyEnv]?.trim();
    if (!value) throw new Error(`environment variable ${options.apiKeyEnv} is not set or empty`);
    return value;
  }
  if (!options.apiKeyStdin) return undefined;
  if (process.stdin.isTTY) console.error("provider API key (then Enter and Ctrl-D):");
  let text = "";
  for await (const chunk of process.stdin.setEncoding("utf8")) text += chunk;
  const value = text.trim();
  if (value === "") throw new Error("--api-key-stdin: stdin was empty");
  return value;
}

function modelFields(model: Model): [string, unknown][] {
  if (isCustomModel(model)) {
    return [
      ["id", model.id],
      ["key", model.key],
      ["name", model.name],
      ["type", "custom"],
      ["description", model.description],
      ["api_url", model.api_url],
      ["provider_model", model.provider_model],
      ["max_tokens", model.max_tokens],
      ["request profile", model.request_profile],
      ["api key stored", model.api_key_set],
      ["price per million input tokens (USD)", priceText(model.cost_per_input_token)],
      ["price per million output tokens (USD)", priceText(model.cost_per_output_token)],
      ["extra_payload", model.extra_payload],
      ["disabled", model.disabled],
      ["created", model.created_at],
      ["updated", model.updated_at],
    ];
  }
  return [
    ["id", model.id],
    ["key", model.key],
    ["name", model.name],
    ["type", "public"],
    ["description", model.description],
    ["company", model.company],
    ["provider", model.provider],
    ["request profile", model.request_profile],
    ["runnable", model.runnable],
    ["released", model.released_at === null ? null : toDate(model.released_at)],
    ["context length", model.context_length],
    ["parameters", model.parameters],
    ["modality", model.modality],
    ["architecture", model.architecture_type],
    ["license", model.license],
    ["open weights", model.open_weights],
    ["region", model.region],
    ["categories", model.categories],
    ["cost per input token (USD)", model.cost_per_input_token],
    ["cost per output token (USD)", model.cost_per_output_token],
    ["deprecated", model.deprecated],
  ];
}

/** A per-token price as per million tokens; "none" without one. */
function priceText(perToken: string | null): string {
  return perToken === null ? "none" : (perMillionPrice(perToken) ?? perToken);
}

/** Unix seconds → `YYYY-MM-DD`. */
function toDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

import { Client, DEFAULT_BASE_URL, NotFoundError, ServiceError } from "@assay/client";
import {
  APIConnectionError,
  APIStatusError,
  APITimeoutError,
  AuthenticationError,
} from "@assay/client/errors";
import { type Command, InvalidArgumentError } from "commander";
import { readSavedApiKey } from "./saved-api-key.ts";

/**
 * The SDK client of user commands (`assay models …`, `assay benchmarks …`): connection settings
 * from `--api-key` / `--base-url`, else the SDK's environment variables (`SERVICE_API_KEY`,
 * `SERVICE_BASE_URL` and the legacy names), else for a service on this machine the key it saved
 * in its data dir on first start, and SDK errors turned into one-line messages that say
 * what to fix.
 */

export interface ConnectionOptions {
  apiKey?: string;
  baseUrl?: string;
}

/** Adds `--api-key` and `--base-url` to a user command. */
export function withConnectionOptions(command: Command): Command {
  return command
    .option(
      "--api-key <key>",
      "Assay API key (default: $SERVICE_API_KEY, else for a local service the key it saved in .assay/bootstrap-api-key; prefer the variable: a key typed here stays in shell history)",
    )
    .option(
      "--base-url <url>",
      `Assay API base URL (default: $SERVICE_BASE_URL, else ${DEFAULT_BASE_URL})`,
    );
}

export function createApiClient(options: ConnectionOptions): Client {
  try {
    return new Client({ apiKey: options.apiKey, baseURL: options.baseUrl });
  } catch (error) {
    if (error instanceof ServiceError && error.message.startsWith("No API key")) {
      // The base URL the SDK resolves (option, variables, default); nothing is sent on creation.
      const { baseURL } = new Client({ apiKey: "none", baseURL: options.baseUrl });
      const saved = readSavedApiKey(baseURL);
      if (saved) {
        console.error(`assay: using the API key saved in ${saved.path}`);
        return new Client({ apiKey: saved.key, baseURL });
      }
      throw new Error(
        "no API key: pass --api-key or set SERVICE_API_KEY (an administrator creates keys with `assay keys create`)",
        { cause: error },
      );
    }
    throw error;
  }
}

/** Runs `action` with a client, rethrowing SDK errors as messages for the terminal. */
export async function withApiClient<T>(
  options: ConnectionOptions,
  action: (client: Client) => Promise<T>,
): Promise<T> {
  const client = createApiClient(options);
  try {
    return await action(client);
  } catch (error) {
    const message = describeApiError(error, client.baseURL);
    throw message === undefined ? error : new Error(message, { cause: error });
  }
}

/** A one-line explanation of an SDK error, or undefined for anything else. */
export function describeApiError(error: unknown, baseURL: string): string | undefined {
  if (error instanceof APITimeoutError) return `${baseURL}: ${error.message}`;
  if (error instanceof APIConnectionError) {
    return `cannot reach the Assay service at ${baseURL} (${error.message}); is it running, and is --base-url / SERVICE_BASE_URL right?`;
  }
  if (error instanceof AuthenticationError) {
    return `the service refused the API key (${serverMessage(error)}); check --api-key / SERVICE_API_KEY`;
  }
  if (error instanceof APIStatusError) {
    const message = serverMessage(error);
    // A request id lets an operator find the failure in the server's logs.
    return error.statusCode >= 500 && error.requestId
      ? `${message} (request ${error.requestId})`
      : message;
  }
  return undefined;
}

/** The server's own message (`{"error": {"message"}}`) without the SDK's `Error code: …` prefix. */
function serverMessage(error: APIStatusError): string {
  const body = error.body;
  if (typeof body === "object" && body !== null && "message" in body) {
    const { message } = body as { message: unknown };
    if (typeof message === "string" && message !== "") return message;
  }
  return error.message;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; keys never are (they are slugs, or contain a `/`). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * A runner of SDK calls on one resource (`notFoundAs("judge", "project")`) that turns the
 * service's 404 into a message naming what was asked for: "no judge with id X in this project".
 */
export function notFoundAs(
  noun: string,
  scope: "project" | "organization",
): <T>(id: string, action: () => Promise<T>) => Promise<T> {
  return async (id, action) => {
    try {
      return await action();
    } catch (error) {
      if (error instanceof NotFoundError) {
        throw new Error(`no ${noun} with id ${id} in this ${scope}`, { cause: error });
      }
      throw error;
    }
  };
}

/**
 * Finds an item by id (a UUID) or else by key, as `show` commands take either; a miss is an error
 * naming what was looked for.
 */
export async function findByIdOrKey<T>(
  idOrKey: string,
  noun: string,
  lookup: { getById(id: string): Promise<T>; getByKey(key: string): Promise<T | undefined> },
): Promise<T> {
  if (isUuid(idOrKey)) return notFoundAs(noun, "project")(idOrKey, () => lookup.getById(idOrKey));
  const found = await lookup.getByKey(idOrKey);
  if (found === undefined) throw new Error(`no ${noun} with key ${idOrKey} in this project`);
  return found;
}

/** Option parsers of user commands; a bad value is a usage error that names the option. */

export function toList(value: string): string[] {
  return value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

export function toPositiveInteger(value: string): number {
  const n = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1) {
    throw new InvalidArgumentError("must be a whole number ≥ 1");
  }
  return n;
}

/** A `--timeout`/`--interval`-style option: a number of seconds above zero, fractions allowed. */
export function toPositiveSeconds(value: string): number {
  const seconds = Number(value.trim());
  if (value.trim() === "" || !Number.isFinite(seconds) || seconds <= 0) {
    throw new InvalidArgumentError("must be a number of seconds > 0 (e.g. 5 or 0.5)");
  }
  return seconds;
}

export function toJsonObject(value: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    throw new InvalidArgumentError(`not valid JSON (${(error as Error).message})`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new InvalidArgumentError(`must be a JSON object, e.g. '{"temperature": 0.2}'`);
  }
  return parsed as Record<string, unknown>;
}

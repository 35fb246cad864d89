import { randomUUID } from "node:crypto";
import type {
  CreateCustomModelBody,
  CustomModel,
  ListType,
  Model,
  UpdateCustomModelBody,
} from "@assay/protocol";
import { AppError, badRequest, notFound } from "../../app-error.ts";
import type { Catalog } from "../../catalog/catalog.ts";
import { requestProfile } from "../../engine/gateway/profiles/index.ts";
import type { Clock } from "../../platform/clock.ts";
import type { SecretBox } from "../../platform/crypto/secret-box.ts";
import type { Database } from "../../platform/db/database.ts";
import type { ModelRow } from "../../platform/db/schema.ts";
import { isUniqueViolation } from "../../platform/db/unique-violation.ts";
import { ModelUrlError } from "../../platform/ssrf/model-url.ts";
import type { ProjectScope } from "../../tenancy.ts";
import { createAttachmentsRepository } from "../projects/attachments-repository.ts";
import { priceTraces, repriceTraces } from "../traces/price-traces.ts";
import { type CatalogModelFilter, matchesCatalogModel, matchesText } from "./model-filter.ts";
import { createModelRepository } from "./repository.ts";

export interface ModelServiceDeps {
  db: Database;
  clock: Clock;
  catalog: Catalog;
  secrets: SecretBox;
  /** The outbound URL policy at create time (throws ModelUrlError). */
  checkModelUrl(url: string): Promise<void>;
}

export interface ListModelsQuery extends CatalogModelFilter {
  type?: ListType;
}

/**
 * Models of a project: the catalog entries it has attached and its own OpenAI-compatible
 * endpoints. Provider keys are sealed with the model's id as context and never leave the server.
 */
export function createModelService(deps: ModelServiceDeps) {
  const attachments = createAttachmentsRepository(deps.db);
  const repo = createModelRepository(deps.db);
  const now = () => deps.clock.now().toISOString();
  const sealKey = (modelId: string, apiKey: string) =>
    deps.secrets.seal(apiKey, `model:${modelId}`);

  async function checkUrl(url: string): Promise<void> {
    try {
      await deps.checkModelUrl(url);
    } catch (error) {
      if (error instanceof ModelUrlError) throw badRequest("body.api_url", error.message);
      throw error;
    }
  }

  return {
    /** Custom models first (oldest first), then attached catalog models in catalog order. */
    async list(scope: ProjectScope, query: ListModelsQuery): Promise<Model[]> {
      const catalogOnly = [query.categories, query.companies, query.regions, query.licenses].some(
        (list) => list !== undefined && list.length > 0,
      );
      const custom: Model[] =
        query.type === "public" || catalogOnly
          ? []
          : (await repo.listAttachedCustom(scope))
              .filter((row) => matchesText(row, query))
              .map(toCustomModel);
      if (query.type === "custom") return custom;
      const attached = await attachments.attachedCatalogIds("models", scope);
      const catalog = deps.catalog.models
        .filter((m) => attached.has(m.id))
        .map((m) => deps.catalog.toModel(m))
        .filter((m) => matchesCatalogModel(m, query));
      return [...custom, ...catalog];
    },

    /** A catalog model or one of the project's own; 404 for anything else. */
    async get(scope: ProjectScope, id: string): Promise<Model> {
      const entry = deps.catalog.findModel(id);
      if (entry) return deps.catalog.toModel(entry);
      const row = await repo.findCustom(scope, id);
      if (!row) throw notFound("model");
      return toCustomModel(row);
    },

    async createCustom(scope: ProjectScope, body: CreateCustomModelBody): Promise<string> {
      checkPricePair(body.cost_per_input_token ?? null, body.cost_per_output_token ?? null);
      await checkUrl(body.api_url);
      const id = randomUUID();
      const at = now();
      try {
        await deps.db.transaction().execute(async (trx) => {
          const trxRepo = createModelRepository(trx);
          if (await trxRepo.findCustomByKey(scope, body.key)) throw duplicateKey(body.key);
          await trxRepo.insertCustom({
            id,
            kind: "custom",
            key: body.key,
            name: body.name,
            description: body.description,
            organization_id: scope.organizationId,
            project_id: scope.projectId,
            api_url: body.api_url,
            max_tokens: body.max_tokens,
            api_key_sealed: body.api_key === undefined ? null : sealKey(id, body.api_key),
            extra_payload: JSON.stringify(body.extra_payload ?? {}),
            provider_model: body.provider_model ?? null,
            request_profile: body.request_profile ?? null,
            cost_per_input_token: body.cost_per_input_token ?? null,
            cost_per_output_token: body.cost_per_output_token ?? null,
            disabled_at: null,
            created_at: at,
            updated_at: at,
          });
        });
      } catch (error) {
        throw isUniqueViolation(error) ? duplicateKey(body.key) : error;
      }
      // Traces that came in before the model did are priced now.
      if (body.cost_per_input_token !== undefined) await priceTraces(deps, scope);
      return id;
    },

    /**
     * Changes only the given fields. A new `api_url` without a new `api_key` clears the stored
     * key: a key is never sent to an endpoint other than the one it was given for.
     */
    async updateCustom(
      scope: ProjectScope,
      id: string,
      body: UpdateCustomModelBody,
    ): Promise<void> {
      const row = await repo.findCustom(scope, id);
      if (!row) throw notFound("model");
      const urlChanged = body.api_url !== undefined && body.api_url !== row.api_url;
      if (urlChanged) await checkUrl(body.api_url as string);
      const changes: Partial<ModelRow> = { updated_at: now() };
      if (body.api_url !== undefined) changes.api_url = body.api_url;
      if (body.api_key !== undefined) changes.api_key_sealed = sealKey(id, body.api_key);
      else if (urlChanged) changes.api_key_sealed = null;
      if (body.max_tokens !== undefined) changes.max_tokens = body.max_tokens;
      if (body.extra_payload !== undefined)
        changes.extra_payload = JSON.stringify(body.extra_payload);
      if (body.name !== undefined) changes.name = body.name;
      if (body.description !== undefined) changes.description = body.description;
      if (body.provider_model !== undefined) changes.provider_model = body.provider_model;
      if (body.request_profile !== undefined) changes.request_profile = body.request_profile;
      if (body.cost_per_input_token !== undefined)
        changes.cost_per_input_token = body.cost_per_input_token;
      if (body.cost_per_output_token !== undefined)
        changes.cost_per_output_token = body.cost_per_output_token;
      // What the model will have: a price given (or removed) now, else the one it has.
      checkPricePair(
        body.cost_per_input_token === undefined
          ? row.cost_per_input_token
          : body.cost_per_input_token,
        body.cost_per_output_token === undefined
          ? row.cost_per_output_token
          : body.cost_per_output_token,
      );
      if (!(await repo.updateCustom(scope, id, changes))) throw notFound("model");
      const repriced = [
        "cost_per_input_token",
        "cost_per_output_token",
        "name",
        "provider_model",
      ] as const;
      if (repriced.some((field) => changes[field] !== undefined))
        await repriceTraces(deps, scope, [
          row.key,
          row.name,
          row.provider_model,
          changes.name ?? null,
          changes.provider_model ?? null,
        ]);
    },

    /** Disables the model (evaluations keep referring to it), detaches it and frees its key. */
    async deleteCustom(scope: ProjectScope, id: string): Promise<void> {
      await deps.db.transaction().execute(async (trx) => {
        const trxRepo = createModelRepository(trx);
        const at = now();
        if (!(await trxRepo.updateCustom(scope, id, { disabled_at: at, updated_at: at })))
          throw notFound("model");
        await trxRepo.detach(scope, id);
      });
    },
  };
}

export type ModelService = ReturnType<typeof createModelService>;

/**
 * A cost needs both prices: a model left with one of them would have runs without a cost while
 * looking priced. Names the missing one.
 */
function checkPricePair(input: string | null, output: string | null): void {
  if (input !== null && output === null)
    throw badRequest("body.cost_per_output_token", "give both prices, or neither");
  if (input === null && output !== null)
    throw badRequest("body.cost_per_input_token", "give both prices, or neither");
}

/** Names its field, as a 400 does, so a form can show it under the key. */
function duplicateKey(key: string): AppError {
  const message = `a model with key "${key}" already exists in this project`;
  return new AppError("CONFLICT", message, { details: [{ field: "body.key", message }] });
}

export function toCustomModel(row: ModelRow): CustomModel {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    description: row.description,
    organization_id: row.organization_id as string,
    project_id: row.project_id as string,
    api_url: row.api_url as string,
    max_tokens: row.max_tokens as number,
    disabled: row.disabled_at !== null,
    extra_payload: JSON.parse(row.extra_payload ?? "{}") as Record<string, unknown>,
    provider_model: row.provider_model,
    api_key_set: row.api_key_sealed !== null,
    request_profile: requestProfile(row.request_profile).name,
    cost_per_input_token: row.cost_per_input_token,
    cost_per_output_token: row.cost_per_output_token,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

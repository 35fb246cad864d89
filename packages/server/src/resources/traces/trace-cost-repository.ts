import type { Database } from "../../platform/db/database.ts";
import type { ProjectScope } from "../../tenancy.ts";
import type { TokenPrices } from "../models/model-prices.ts";

/** A project's custom model that a trace's model name may refer to, with its prices. */
export interface PricedCustomModel {
  key: string;
  name: string;
  provider_model: string | null;
  cost_per_input_token: string | null;
  cost_per_output_token: string | null;
}

/**
 * Trace costs: which models the traces without a cost name, and setting the cost of those traces
 * from a model's prices. Confined to one project.
 */
export function createTraceCostRepository(db: Database) {
  return {
    /**
     * The model names of the project's traces that have a cost (`"priced"`), or that report
     * tokens but have no cost yet (`"unpriced"`).
     */
    async traceModels(scope: ProjectScope, which: "priced" | "unpriced"): Promise<string[]> {
      const traces = db
        .selectFrom("traces")
        .select("model")
        .distinct()
        .where("organization_id", "=", scope.organizationId)
        .where("project_id", "=", scope.projectId)
        .where("model", "is not", null);
      const rows = await (which === "priced"
        ? traces.where("cost_usd", "is not", null)
        : traces.where("total_tokens", "is not", null).where("cost_usd", "is", null)
      ).execute();
      return rows.flatMap((row) => (row.model === null ? [] : [row.model]));
    },

    /** Forgets the cost of the project's traces of these models, so that they are priced again. */
    async clearCost(scope: ProjectScope, models: readonly string[]): Promise<void> {
      if (models.length === 0) return;
      await db
        .updateTable("traces")
        .set({ cost_usd: null })
        .where("organization_id", "=", scope.organizationId)
        .where("project_id", "=", scope.projectId)
        .where("model", "in", models)
        .execute();
    },

    /** The project's custom models that have prices. */
    pricedCustomModels: (scope: ProjectScope): Promise<PricedCustomModel[]> =>
      db
        .selectFrom("models")
        .select(["key", "name", "provider_model", "cost_per_input_token", "cost_per_output_token"])
        .where("kind", "=", "custom")
        .where("organization_id", "=", scope.organizationId)
        .where("project_id", "=", scope.projectId)
        .where("disabled_at", "is", null)
        .where("cost_per_input_token", "is not", null)
        .where("cost_per_output_token", "is not", null)
        .execute(),

    /** Sets the cost of the project's uncosted traces of one model from its prices. */
    async setCost(scope: ProjectScope, model: string, prices: TokenPrices): Promise<number> {
      const result = await db
        .updateTable("traces")
        .set((eb) => {
          // Typed: PostgreSQL would take a bare parameter beside an integer column as an integer.
          const price = (value: number) => eb.cast<number>(eb.val(value), "double precision");
          return {
            cost_usd: eb(
              eb(eb.fn.coalesce("input_tokens", eb.lit(0)), "*", price(prices.input)),
              "+",
              eb(eb.fn.coalesce("output_tokens", eb.lit(0)), "*", price(prices.output)),
            ),
          };
        })
        .where("organization_id", "=", scope.organizationId)
        .where("project_id", "=", scope.projectId)
        .where("model", "=", model)
        .where("total_tokens", "is not", null)
        .where("cost_usd", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

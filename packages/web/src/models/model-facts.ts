import { isCustomModel, type Model } from "@assay/protocol";

/** Whether the server can call a model now, and the fact that decides it, in words. */
export interface Runnability {
  runnable: boolean;
  why: string;
}

/**
 * Catalog models: the server's own answer (`runnable`: the model's provider is configured on
 * this server: its key is set, or for a keyless local server its URL). Custom models have no such flag: the server calls their `api_url`
 * with their stored key if any, so a listed (not deleted) one can always be started; whether the
 * endpoint answers is only known when a run calls it.
 */
export function runnability(model: Model): Runnability {
  if (isCustomModel(model)) {
    if (model.disabled) return { runnable: false, why: "deleted" };
    return {
      runnable: true,
      why: model.api_key_set
        ? "called at its own URL with its stored key; the endpoint is reached when a run starts"
        : "called at its own URL without a key (a local server needs none; a hosted API would answer 401)",
    };
  }
  if (model.runnable)
    return { runnable: true, why: `this server has the provider ${model.provider} configured` };
  return {
    runnable: false,
    why: `this server has not configured the provider ${model.provider}: its administrator sets the provider's API key (for a local server, its URL) in the server's environment`,
  };
}

/**
 * A price (USD per token as decimal text: the catalog's, or a custom model's own) per million
 * tokens: "0.0000025" → "$2.50". Null (none) → "—".
 */
export function pricePerMillion(perToken: string | null): string {
  if (perToken === null) return "—";
  const value = Number(perToken) * 1_000_000;
  if (!Number.isFinite(value)) return "—";
  if (value === 0) return "$0";
  // Cents for ordinary prices, significant digits for the very cheap ones.
  return value >= 0.1 ? `$${value.toFixed(2)}` : `$${value.toPrecision(2)}`;
}

/** 128000 → "128k", 1048576 → "1.05M"; null → "—". */
export function contextLength(tokens: number | null): string {
  if (tokens === null) return "—";
  if (tokens >= 1_000_000) return `${Number((tokens / 1_000_000).toPrecision(3))}M`;
  if (tokens >= 1_000) return `${Number((tokens / 1_000).toPrecision(3))}k`;
  return String(tokens);
}

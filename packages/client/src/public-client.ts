import { APIClient, type ClientInternals } from "./core/api-client.ts";
import type { ClientOptions, ViewOptions } from "./core/client-options.ts";
import { PublicBenchmarks } from "./resources/public-benchmarks.ts";
import { PublicComparisons } from "./resources/public-comparisons.ts";
import { PublicEvaluations } from "./resources/public-evaluations.ts";
import { PublicModels } from "./resources/public-models.ts";

/**
 * The client of the public catalog (models, benchmarks), of the evaluations a key may read and of
 * their comparisons: same key, configuration, retries and errors as `Client`, but no
 * organization lookup, and project-scoped routes are refused.
 * `client.public` is one sharing a `Client`'s configuration.
 */
export class PublicClient extends APIClient {
  /** The model catalog, with facets. */
  readonly models: PublicModels;
  /** The built-in benchmark catalog and its prompts. */
  readonly benchmarks: PublicBenchmarks;
  /** The evaluations this key may read: its organization's and every public one. */
  readonly evaluations: PublicEvaluations;
  /** Two evaluations of one benchmark paired by prompt, with paired statistics. */
  readonly comparisons: PublicComparisons;

  constructor(options: ClientOptions = {}, internals: ClientInternals = {}) {
    super(options, internals);
    this.models = new PublicModels(this);
    this.benchmarks = new PublicBenchmarks(this);
    this.evaluations = new PublicEvaluations(this);
    this.comparisons = new PublicComparisons(this);
  }

  withOptions(options: ViewOptions): PublicClient {
    return new PublicClient(...this.viewArguments(options));
  }
}

/** Every method already returns a promise; the alias mirrors `AsyncPublicClient` of the original SDK. */
export const AsyncPublicClient = PublicClient;
export type AsyncPublicClient = PublicClient;

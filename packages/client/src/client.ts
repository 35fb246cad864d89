import { routes } from "@assay/protocol";
import { APIClient, type ClientInternals, type ScopeParam } from "./core/api-client.ts";
import type { ClientOptions, RequestOptions, ViewOptions } from "./core/client-options.ts";
import { OrganizationContext, type Scope } from "./core/organization-context.ts";
import { ServiceError } from "./errors.ts";
import { PublicClient } from "./public-client.ts";
import { Annotations } from "./resources/annotations.ts";
import { Benchmarks } from "./resources/benchmarks.ts";
import { EvaluationSpaces } from "./resources/evaluation-spaces.ts";
import { Evaluations } from "./resources/evaluations.ts";
import { Integrations } from "./resources/integrations.ts";
import { JudgeOptimizations } from "./resources/judge-optimizations.ts";
import { Judges } from "./resources/judges.ts";
import { Models } from "./resources/models.ts";
import { Results } from "./resources/results.ts";
import { Scorers } from "./resources/scorers.ts";
import { TraceEvaluations } from "./resources/trace-evaluations.ts";
import { Traces } from "./resources/traces.ts";

interface ClientStateInternals extends ClientInternals {
  organization?: OrganizationContext;
}

/**
 * The client of an API key's own project. The key's organization and project are looked up on
 * first use of a project-scoped route (or by `init()`), then filled into every such route's path.
 * Resources are built per client object, so a `withOptions()` view's resources use its options.
 */
export class Client extends APIClient {
  /** The models attached to the project, and its own OpenAI-compatible endpoints. */
  readonly models: Models;
  /** The benchmarks attached to the project, and its own datasets and smart benchmarks. */
  readonly benchmarks: Benchmarks;
  /** Runs of a model on a benchmark: start, follow, list, cancel. */
  readonly evaluations: Evaluations;
  /** Leaderboards: named filters over the project's evaluations. */
  readonly evaluationSpaces: EvaluationSpaces;
  /** Evaluations' per-prompt results. */
  readonly results: Results;
  /** Named, versioned LLM judges. */
  readonly judges: Judges;
  /** Grading rubrics judged by a model; custom benchmarks grade every result with them. */
  readonly scorers: Scorers;
  /** Uploaded records of the team's own AI application. */
  readonly traces: Traces;
  /** Judge runs over traces, and their verdicts. */
  readonly traceEvaluations: TraceEvaluations;
  /** People's labels of what judges should say, and how the judges agree with them. */
  readonly annotations: Annotations;
  /** Rewrites of judges' goals against people's labels, measured on held-out labels. */
  readonly judgeOptimizations: JudgeOptimizations;
  /** The organization's webhooks and Slack notifications when runs end, with their delivery logs. */
  readonly integrations: Integrations;
  readonly #organization: OrganizationContext;
  #public: PublicClient | undefined;

  constructor(options: ClientOptions = {}, internals: ClientStateInternals = {}) {
    super(options, internals);
    this.#organization = internals.organization ?? new OrganizationContext();
    this.models = new Models(this);
    this.benchmarks = new Benchmarks(this);
    this.evaluations = new Evaluations(this);
    this.evaluationSpaces = new EvaluationSpaces(this);
    this.results = new Results(this);
    this.judges = new Judges(this);
    this.scorers = new Scorers(this);
    this.traces = new Traces(this);
    this.traceEvaluations = new TraceEvaluations(this);
    this.annotations = new Annotations(this);
    this.judgeOptimizations = new JudgeOptimizations(this);
    this.integrations = new Integrations(this);
  }

  /**
   * The public catalog with this client's key, base URL, fetch, timeout and retries (built on
   * first use, without a request).
   */
  get public(): PublicClient {
    this.#public ??= new PublicClient(...this.viewArguments({}));
    return this.#public;
  }

  /** The key's organization id; undefined until the first lookup succeeded. */
  get organizationId(): string | undefined {
    return this.#organization.scope?.organization.id;
  }

  /** The key's default project id (its organization's first project); undefined before lookup. */
  get projectId(): string | undefined {
    return this.#organization.scope?.project.id;
  }

  /**
   * Looks up the key's organization and project unless already known. Optional: project-scoped
   * calls do it themselves; calling it first surfaces a bad key or base URL early.
   */
  init(options: RequestOptions = {}): Promise<Scope> {
    return this.#organization.resolve(() => this.#lookup(options), options.signal);
  }

  withOptions(options: ViewOptions): Client {
    const [viewOptions, internals] = this.viewArguments(options);
    return new Client(viewOptions, { ...internals, organization: this.#organization });
  }

  protected override async scopeParams(
    options: RequestOptions,
  ): Promise<Record<ScopeParam, string>> {
    const { organization, project } = await this.init(options);
    return { organization_id: organization.id, project_id: project.id };
  }

  /** The lookup is shared by every waiting call, so no single caller's signal may cancel it. */
  async #lookup(options: RequestOptions): Promise<Scope> {
    const { data: organization } = await this.request(
      routes.getOrganization,
      {},
      { ...options, signal: undefined },
    );
    const project = organization.projects[0];
    if (project === undefined) {
      throw new ServiceError(
        `Organization ${organization.id} has no project; the API key needs a project to work in.`,
      );
    }
    return { organization, project };
  }
}

/** Every method already returns a promise; the alias keeps code written for `AsyncStratix` familiar. */
export const AsyncClient = Client;
export type AsyncClient = Client;

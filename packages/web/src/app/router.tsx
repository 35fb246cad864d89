import type { QueryClient } from "@tanstack/react-query";
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  redirect,
} from "@tanstack/react-router";
import { type ComponentType, lazy, Suspense } from "react";
import { parseAnnotateSearch } from "../annotate/annotate-search.ts";
import { parsePromptSearch } from "../benchmarks/prompt-search.ts";
import { parseCompareSearch } from "../compare/compare-search.ts";
import { parseEvaluationSearch } from "../evaluations/evaluation-search.ts";
import { EvaluationsPage } from "../evaluations/evaluations-page.tsx";
import { parseLeaderboardSearch } from "../leaderboards/leaderboard-search.ts";
import { parseModelsSearch } from "../models/models-search.ts";
import { parseNewEvaluationSearch } from "../new-evaluation/new-evaluation-search.ts";
import { parsePublicSearch } from "../public/public-search.ts";
import { filterOf, parseResultsSearch } from "../results/results-search.ts";
import { pageQuery } from "../results/use-results.ts";
import { parseMatrixSearch, runIds } from "../run-matrix/matrix-search.ts";
import { runMatrixQuery } from "../run-matrix/use-run-matrix.ts";
import { ErrorMessage } from "../shared/error-message.tsx";
import { isUnauthenticated } from "../shared/readable-error.ts";
import { evaluationQuery } from "../shared/use-evaluation.ts";
import { SignInPage } from "../sign-in/sign-in-page.tsx";
import { parseTraceSearch } from "../traces/traces-search.ts";
import { AppLayout } from "./app-layout.tsx";
import { NotFoundPage } from "./not-found-page.tsx";
import { sessionQuery } from "./use-session.ts";

const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: Outlet,
});

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/sign-in",
  // Where to go back to after signing in (a dashboard path).
  validateSearch: (search: Record<string, unknown>): { next?: string } =>
    typeof search.next === "string" ? { next: search.next } : {},
  component: SignInPage,
});

/** Everything behind sign-in: a visitor without a session goes to /sign-in, and comes back. */
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "app",
  beforeLoad: async ({ context, location }) => {
    try {
      await context.queryClient.ensureQueryData(sessionQuery);
    } catch (error) {
      if (isUnauthenticated(error))
        throw redirect({ to: "/sign-in", search: { next: location.href } });
      throw error;
    }
  },
  component: AppLayout,
});

const homeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/",
  beforeLoad: () => {
    throw redirect({ to: "/evaluations" });
  },
});

export const evaluationsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/evaluations",
  // Filters live in the URL: a link is the view.
  validateSearch: parseEvaluationSearch,
  component: function Evaluations() {
    return <EvaluationsPage search={evaluationsRoute.useSearch()} />;
  },
});

/**
 * A page in a chunk of its own, loaded when first opened: the list stays light, and Observable
 * Plot and the table libraries load only with the pages that use them. Its route's `loader` calls
 * `preload`, so the router renders the page once its chunk is in: rendered that way it never
 * suspends, and React (19) would otherwise hold the page back until 300 ms after its "Loading…"
 * fallback appeared (Suspense's reveal throttle), before the page could even ask for its data.
 */
function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> & { preload: () => Promise<void> } {
  let loaded: ComponentType<P> | undefined;
  const preload = async () => {
    loaded ??= await load();
  };
  const Page = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType<P> };
  });
  function LazyPage(props: P) {
    const Loaded = loaded;
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={<p className="muted">Loading…</p>}>
        <Page {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyPage, { preload });
}

const EvaluationPage = lazyPage(
  async () => (await import("../evaluation/evaluation-page.tsx")).EvaluationPage,
);
const ResultsPage = lazyPage(async () => (await import("../results/results-page.tsx")).ResultsPage);
const ComparePage = lazyPage(async () => (await import("../compare/compare-page.tsx")).ComparePage);
const RunMatrixPage = lazyPage(
  async () => (await import("../run-matrix/run-matrix-page.tsx")).RunMatrixPage,
);
const ModelsPage = lazyPage(async () => (await import("../models/models-page.tsx")).ModelsPage);
const ModelPage = lazyPage(async () => (await import("../models/model-page.tsx")).ModelPage);
const NewEvaluationPage = lazyPage(
  async () => (await import("../new-evaluation/new-evaluation-page.tsx")).NewEvaluationPage,
);
const LeaderboardsPage = lazyPage(
  async () => (await import("../leaderboards/leaderboards-page.tsx")).LeaderboardsPage,
);
const LeaderboardPage = lazyPage(
  async () => (await import("../leaderboards/leaderboard-page.tsx")).LeaderboardPage,
);
const PublicPage = lazyPage(async () => (await import("../public/public-page.tsx")).PublicPage);
const BenchmarksPage = lazyPage(
  async () => (await import("../benchmarks/benchmarks-page.tsx")).BenchmarksPage,
);
const OptimizePage = lazyPage(
  async () => (await import("../optimize/optimize-page.tsx")).OptimizePage,
);
const OptimizationPage = lazyPage(
  async () => (await import("../optimize/optimization-page.tsx")).OptimizationPage,
);
const ScorersPage = lazyPage(async () => (await import("../scorers/scorers-page.tsx")).ScorersPage);
const BenchmarkPage = lazyPage(
  async () => (await import("../benchmarks/benchmark-page.tsx")).BenchmarkPage,
);
const JudgesPage = lazyPage(async () => (await import("../judges/judges-page.tsx")).JudgesPage);
const JudgePage = lazyPage(async () => (await import("../judges/judge-page.tsx")).JudgePage);
const TracesPage = lazyPage(async () => (await import("../traces/traces-page.tsx")).TracesPage);
const TracePage = lazyPage(async () => (await import("../traces/trace-page.tsx")).TracePage);

const IntegrationsPage = lazyPage(
  async () => (await import("../integrations/integrations-page.tsx")).IntegrationsPage,
);

const AnnotatePage = lazyPage(
  async () => (await import("../annotate/annotate-page.tsx")).AnnotatePage,
);

export const evaluationRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/evaluations/$id",
  loader: () => EvaluationPage.preload(),
  component: function Evaluation() {
    const { id } = evaluationRoute.useParams();
    return <EvaluationPage key={id} id={id} />;
  },
});

/** One evaluation's per-prompt results; filters and the open result live in the URL. */
const resultsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/evaluations/$id/results",
  validateSearch: parseResultsSearch,
  loaderDeps: ({ search }) => ({ filter: filterOf(search) }),
  // The page's chunk, its evaluation and its first page of results, all at once.
  loader: ({ context, params, deps }) =>
    Promise.all([
      ResultsPage.preload(),
      context.queryClient.prefetchQuery(evaluationQuery(params.id)),
      context.queryClient.prefetchQuery(pageQuery(params.id, deps.filter, 1)),
    ]),
  component: function Results() {
    const { id } = resultsRoute.useParams();
    return <ResultsPage key={id} id={id} search={resultsRoute.useSearch()} />;
  },
});

const compareRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/compare",
  validateSearch: parseCompareSearch,
  loader: () => ComparePage.preload(),
  component: function Compare() {
    return <ComparePage search={compareRoute.useSearch()} />;
  },
});

/** 2 to 10 runs side by side; the page's chunk and its first answer are asked for at once. */
const runMatrixRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/compare/many",
  validateSearch: parseMatrixSearch,
  loaderDeps: ({ search }) => ({ search }),
  loader: ({ context, deps }) => {
    const runs = runIds(deps.search);
    return Promise.all([
      RunMatrixPage.preload(),
      runs.length >= 2
        ? context.queryClient.prefetchQuery(runMatrixQuery(runs, deps.search))
        : undefined,
    ]);
  },
  component: function RunMatrix() {
    return <RunMatrixPage search={runMatrixRoute.useSearch()} />;
  },
});

/** The project's models and the catalog; `?q=` searches the catalog. */
const modelsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/models",
  loader: () => ModelsPage.preload(),
  validateSearch: parseModelsSearch,
  component: function Models() {
    return <ModelsPage search={modelsRoute.useSearch()} />;
  },
});

const modelRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/models/$id",
  loader: () => ModelPage.preload(),
  component: function Model() {
    const { id } = modelRoute.useParams();
    return <ModelPage key={id} id={id} />;
  },
});

/** Start an evaluation; a static segment, so it ranks before `/evaluations/$id`. */
const newEvaluationRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/evaluations/new",
  loader: () => NewEvaluationPage.preload(),
  validateSearch: parseNewEvaluationSearch,
  component: function NewEvaluation() {
    return <NewEvaluationPage search={newEvaluationRoute.useSearch()} />;
  },
});

/** The project's leaderboards (evaluation spaces), and one as a models × benchmarks matrix. */
const leaderboardsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/leaderboards",
  loader: () => LeaderboardsPage.preload(),
  component: function Leaderboards() {
    return <LeaderboardsPage />;
  },
});

const leaderboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/leaderboards/$id",
  loader: () => LeaderboardPage.preload(),
  validateSearch: parseLeaderboardSearch,
  component: function Leaderboard() {
    const { id } = leaderboardRoute.useParams();
    return <LeaderboardPage key={id} id={id} search={leaderboardRoute.useSearch()} />;
  },
});

const publicHomeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/public",
  beforeLoad: () => {
    throw redirect({ to: "/public/evaluations" });
  },
});

/** Evaluations other organizations published, beside the signed-in organization's own. */
const publicEvaluationsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/public/evaluations",
  loader: () => PublicPage.preload(),
  validateSearch: parsePublicSearch,
  component: function PublicEvaluations() {
    return <PublicPage search={publicEvaluationsRoute.useSearch()} />;
  },
});

const benchmarksRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/benchmarks",
  loader: () => BenchmarksPage.preload(),
  component: function Benchmarks() {
    return <BenchmarksPage />;
  },
});

/** One benchmark's prompts; the page, the search and the open prompt live in the URL. */
const benchmarkRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/benchmarks/$id",
  loader: () => BenchmarkPage.preload(),
  validateSearch: parsePromptSearch,
  component: function Benchmark() {
    const { id } = benchmarkRoute.useParams();
    return <BenchmarkPage key={id} id={id} search={benchmarkRoute.useSearch()} />;
  },
});

/** Start an optimization of a judge's goal (budget, estimate). */
const optimizeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/judges/$id/optimize",
  loader: () => OptimizePage.preload(),
  component: function Optimize() {
    const { id } = optimizeRoute.useParams();
    return <OptimizePage key={id} judgeId={id} />;
  },
});

/** One optimization run: its steps, the held-out verdict, apply. */
const optimizationRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/optimizations/$id",
  loader: () => OptimizationPage.preload(),
  component: function Optimization() {
    const { id } = optimizationRoute.useParams();
    return <OptimizationPage key={id} id={id} />;
  },
});

/** The project's scorers (rubrics a custom benchmark grades its answers with). */
const scorersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/scorers",
  loader: () => ScorersPage.preload(),
  component: function Scorers() {
    return <ScorersPage />;
  },
});

/** The project's judges with their agreement with people's labels, and a form for a new one. */
const judgesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/judges",
  loader: () => JudgesPage.preload(),
  component: function Judges() {
    return <JudgesPage />;
  },
});

/** One judge: versions with goal diffs, agreement, running it on traces, its verdicts. */
const judgeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/judges/$id",
  loader: () => JudgePage.preload(),
  component: function Judge() {
    const { id } = judgeRoute.useParams();
    return <JudgePage key={id} id={id} />;
  },
});

/** The project's traces: upload, and the list with its filters in the URL. */
const tracesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/traces",
  loader: () => TracesPage.preload(),
  validateSearch: parseTraceSearch,
  component: function Traces() {
    return <TracesPage search={tracesRoute.useSearch()} />;
  },
});

/**
 * One trace in the viewer, with its verdicts. The list it was opened from (filters, order,
 * page) travels in the URL, for previous/next and the way back.
 */
const traceRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/traces/$id",
  loader: () => TracePage.preload(),
  validateSearch: parseTraceSearch,
  component: function Trace() {
    const { id } = traceRoute.useParams();
    return <TracePage key={id} id={id} search={traceRoute.useSearch()} />;
  },
});

/** A judge's annotation workspace; blind mode and the open confusion cell live in the URL. */
const annotateRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/judges/$id/annotate",
  loader: () => AnnotatePage.preload(),
  validateSearch: parseAnnotateSearch,
  component: function Annotate() {
    const { id } = annotateRoute.useParams();
    return <AnnotatePage key={id} id={id} search={annotateRoute.useSearch()} />;
  },
});

const settingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/settings",
  beforeLoad: () => {
    throw redirect({ to: "/settings/integrations" });
  },
});

/** Organization settings: webhooks and Slack notifications when runs end, with their logs. */
const integrationsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/settings/integrations",
  loader: () => IntegrationsPage.preload(),
  component: function Integrations() {
    return <IntegrationsPage />;
  },
});

export const router = createRouter({
  routeTree: rootRoute.addChildren([
    signInRoute,
    appRoute.addChildren([
      homeRoute,
      evaluationsRoute,
      evaluationRoute,
      resultsRoute,
      compareRoute,
      runMatrixRoute,
      modelsRoute,
      modelRoute,
      newEvaluationRoute,
      leaderboardsRoute,
      leaderboardRoute,
      publicHomeRoute,
      publicEvaluationsRoute,
      benchmarksRoute,
      benchmarkRoute,
      optimizeRoute,
      optimizationRoute,
      scorersRoute,
      judgesRoute,
      judgeRoute,
      tracesRoute,
      traceRoute,
      annotateRoute,
      settingsRoute,
      integrationsRoute,
    ]),
  ]),
  basepath: "/ui",
  context: { queryClient: undefined as unknown as QueryClient },
  defaultErrorComponent: ({ error }) => (
    <main className="page">
      <ErrorMessage error={error} />
    </main>
  ),
  defaultNotFoundComponent: NotFoundPage,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

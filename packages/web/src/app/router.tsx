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
import { parseResultsSearch } from "../results/results-search.ts";
import { ErrorMessage } from "../shared/error-message.tsx";
import { isUnauthenticated } from "../shared/readable-error.ts";
import { SignInPage } from "../sign-in/sign-in-page.tsx";
import { AppLayout } from "./app-layout.tsx";
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
 * Plot and the table libraries load only with the pages that use them.
 */
function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Page = lazy(async () => ({ default: await load() }));
  return function LazyPage(props: P) {
    return (
      <Suspense fallback={<p className="muted">Loading…</p>}>
        <Page {...props} />
      </Suspense>
    );
  };
}

const EvaluationPage = lazyPage(
  async () => (await import("../evaluation/evaluation-page.tsx")).EvaluationPage,
);
const ResultsPage = lazyPage(async () => (await import("../results/results-page.tsx")).ResultsPage);
const ComparePage = lazyPage(async () => (await import("../compare/compare-page.tsx")).ComparePage);
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
const BenchmarkPage = lazyPage(
  async () => (await import("../benchmarks/benchmark-page.tsx")).BenchmarkPage,
);

const AnnotatePage = lazyPage(
  async () => (await import("../annotate/annotate-page.tsx")).AnnotatePage,
);

export const evaluationRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/evaluations/$id",
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
  component: function Results() {
    const { id } = resultsRoute.useParams();
    return <ResultsPage key={id} id={id} search={resultsRoute.useSearch()} />;
  },
});

const compareRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/compare",
  validateSearch: parseCompareSearch,
  component: function Compare() {
    return <ComparePage search={compareRoute.useSearch()} />;
  },
});

/** The project's models and the catalog; `?q=` searches the catalog. */
const modelsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/models",
  validateSearch: parseModelsSearch,
  component: function Models() {
    return <ModelsPage search={modelsRoute.useSearch()} />;
  },
});

const modelRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/models/$id",
  component: function Model() {
    const { id } = modelRoute.useParams();
    return <ModelPage key={id} id={id} />;
  },
});

/** Start an evaluation; a static segment, so it ranks before `/evaluations/$id`. */
const newEvaluationRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/evaluations/new",
  validateSearch: parseNewEvaluationSearch,
  component: function NewEvaluation() {
    return <NewEvaluationPage search={newEvaluationRoute.useSearch()} />;
  },
});

/** The project's leaderboards (evaluation spaces), and one as a models × benchmarks matrix. */
const leaderboardsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/leaderboards",
  component: function Leaderboards() {
    return <LeaderboardsPage />;
  },
});

const leaderboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/leaderboards/$id",
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
  validateSearch: parsePublicSearch,
  component: function PublicEvaluations() {
    return <PublicPage search={publicEvaluationsRoute.useSearch()} />;
  },
});

const benchmarksRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/benchmarks",
  component: function Benchmarks() {
    return <BenchmarksPage />;
  },
});

/** One benchmark's prompts; the page, the search and the open prompt live in the URL. */
const benchmarkRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/benchmarks/$id",
  validateSearch: parsePromptSearch,
  component: function Benchmark() {
    const { id } = benchmarkRoute.useParams();
    return <BenchmarkPage key={id} id={id} search={benchmarkRoute.useSearch()} />;
  },
});

/** A judge's annotation workspace; blind mode and the open confusion cell live in the URL. */
const annotateRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/judges/$id/annotate",
  validateSearch: parseAnnotateSearch,
  component: function Annotate() {
    const { id } = annotateRoute.useParams();
    return <AnnotatePage key={id} id={id} search={annotateRoute.useSearch()} />;
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
      modelsRoute,
      modelRoute,
      newEvaluationRoute,
      leaderboardsRoute,
      leaderboardRoute,
      publicHomeRoute,
      publicEvaluationsRoute,
      benchmarksRoute,
      benchmarkRoute,
      annotateRoute,
    ]),
  ]),
  basepath: "/ui",
  context: { queryClient: undefined as unknown as QueryClient },
  defaultErrorComponent: ({ error }) => (
    <main className="page">
      <ErrorMessage error={error} />
    </main>
  ),
  defaultNotFoundComponent: () => <p className="page">No such page in the dashboard.</p>,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

// The dashboard's budgets (issue 15), measured on a real service in Chromium over loopback:
//
// - initial JavaScript ≤ 250 kB gzip: the entry chunk and its static imports (Vite's manifest);
// - the Evaluations list interactive ≤ 1 s after navigation, on a project of 1,000 evaluations;
// - the results of a 100,000-prompt evaluation: first page ≤ 300 ms, a filter change ≤ 300 ms;
// - (issue 16) the trace viewer opens a 5 MiB trace ≤ 1 s; the annotation queue moves to the next
//   trace ≤ 100 ms after a label;
// - (issue 31) ten runs of 1,319 prompts side by side: the first view ≤ 1 s;
// - (issue 31) the Traces list of 100,000 traces with its latency, tokens, cost, model and user
//   columns: first rows ≤ 1 s; a sort on latency and a filter on a user ≤ 300 ms each.
//
// `assay serve` runs as users run it (its own process, workers in, a fresh database), serving the
// built dashboard. The project is filled through the API: a 100,000-prompt custom benchmark run
// to completion on a fake model, then 999 small evaluations; then 12 chats judged by a fake judge
// once per round (labelling empties a queue) and a 5 MiB chat; ten runs of a 1,319-prompt
// benchmark on ten fake models of different skill; and BENCH_TRACES small traces for the list
// (100,000). Each view is then opened BENCH_RUNS
// times (after one discarded round): in a new browser context (a first visit: empty HTTP cache)
// and again in a new tab of the same context (a returning user: scripts from the cache). Times
// are taken in the page, from the navigation's start or from the input event to the frame that
// shows the answer. Reported: p50 and max against each budget, and where the time goes.
//
//   npm run bench:dashboard                       SQLite
//   DATABASE_URL=postgres://… npm run bench:dashboard
//   BENCH_RUNS=5 BENCH_PROMPTS=20000 BENCH_EVALUATIONS=200 BENCH_TRACES=20000 npm run bench:dashboard
//   BENCH_MATRIX_RUNS=10 BENCH_MATRIX_PROMPTS=1319 (the defaults) size the N-run view
import { loadavg } from "node:os";
import { Client } from "@assay/client";
import { createTestDatabase } from "@assay/test-kit/databases.ts";
import { freePort } from "@assay/test-kit/free-port.ts";
import type { BrowserContext } from "playwright-core";
import { launchChromium, signIn } from "../packages/web/test/support/browser.ts";
import { ensureDashboardBuilt } from "../packages/web/test/support/built-dashboard.ts";
import { measureFirstLoad, sum } from "./dashboard/first-load.ts";
import { type MatrixVisit, visitMatrix } from "./dashboard/measure-matrix.ts";
import {
  type Fetched,
  lastInput,
  mark,
  newVisitor,
  urlMark,
  type Visit,
  visit,
  watch,
} from "./dashboard/measure-pages.ts";
import {
  expectedTraceList,
  type TraceListVisit,
  visitTraceList,
} from "./dashboard/measure-trace-list.ts";
import { labelQueue, type TraceVisit, visitTrace } from "./dashboard/measure-traces.ts";
import { type MatrixRuns, seedMatrixRuns } from "./dashboard/seed-matrix.ts";
import { isWrong, largeRow, seedProject, startFakeModels } from "./dashboard/seed-project.ts";
import { seedTraceList } from "./dashboard/seed-trace-list.ts";
import { type Queues, seedQueues, uploadBigTrace } from "./dashboard/seed-traces.ts";
import {
  ASSAY_BIN,
  assayNodeEnv,
  assayNodeFlags,
  startProcess,
  stopProcess,
} from "./support/processes.ts";

const runs = Number(process.env.BENCH_RUNS ?? 7);
const prompts = Number(process.env.BENCH_PROMPTS ?? 100_000);
const evaluationCount = Number(process.env.BENCH_EVALUATIONS ?? 1_000);
const matrixRuns = Number(process.env.BENCH_MATRIX_RUNS ?? 10);
const matrixPrompts = Number(process.env.BENCH_MATRIX_PROMPTS ?? 1_319);
const traceCount = Number(process.env.BENCH_TRACES ?? 100_000);
const apiKey = "assay_benchmarkKey000000000000000000000000";
/** A word in one prompt in eight (the fixture's things): a search with many matches. */
const SEARCH = "marbles";
/** Traces in each annotation queue: 11 moves to the next trace per round. */
const QUEUE_TRACES = 12;

const log = (line: string) => console.error(`· ${line}`);

// 1. The first load, from the build the service serves.
const dist = ensureDashboardBuilt();
const firstLoad = measureFirstLoad(dist);

// 2. The service and its project.
const database = await createTestDatabase(process.env.DATABASE_URL ? "postgres" : "sqlite");
const port = await freePort();
const server = await startProcess(
  [...assayNodeFlags(), ASSAY_BIN, "serve"],
  {
    ...process.env,
    ...assayNodeEnv(),
    PORT: String(port),
    ASSAY_DATA_DIR: database.dataDir,
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ASSAY_BOOTSTRAP_API_KEY: apiKey,
    ASSAY_UI_DIR: dist,
    ALLOWED_MODEL_HOSTS: "127.0.0.1",
    LOG_LEVEL: "warn",
  },
  "listening on",
);
const origin = `http://127.0.0.1:${port}`;
const fakes = await startFakeModels();
const browser = await launchChromium();
let queues: Queues | undefined;
let matrix: MatrixRuns | undefined;

/** Expected first row and count of the results under a filter, from the fixture's own rule. */
function expected(keep: (position: number) => boolean) {
  let first: number | undefined;
  let count = 0;
  for (let position = 0; position < prompts; position++) {
    if (!keep(position)) continue;
    first ??= position;
    count += 1;
  }
  return { position: first, count };
}
const failed = expected((p) => isWrong(p + 1));
const searched = expected((p) => isWrong(p + 1) && largeRow(p).input.includes(SEARCH));

interface ListVisit {
  rowsMs: number;
  interactiveMs: number;
  fetched: Fetched[];
}

/** The Evaluations list: first row painted; a status filter answered (URL changed). */
async function visitList(context: BrowserContext): Promise<ListVisit> {
  const v = await visit(context, `${origin}/ui/evaluations`);
  const rowsMs = await mark(v.page, "evaluationRow");
  await v.page.selectOption('select[name="status"]', "success");
  const answered = await urlMark(v.page, "status=success");
  // The bench's own delay between seeing the rows and choosing is not the page's: counted is
  // how long after the first row a choice made then is answered.
  const interactiveMs = rowsMs + (answered - (await lastInput(v.page)));
  const fetched = await v.fetched();
  if (v.errors.length > 0) throw new Error(`the list logged errors: ${v.errors.join("; ")}`);
  await v.page.close();
  return { rowsMs, interactiveMs, fetched };
}

interface ResultsVisit {
  firstPageMs: number;
  failedMs: number;
  searchFromInputMs: number;
  searchFromUrlMs: number;
  fetched: Fetched[];
  shellMs: number;
  scriptsMs: number;
}

/**
 * The results view, opened from the Evaluation page's link (`link`: an in-app navigation, timed
 * from the click) or by its address (`address`: a page load, timed from the navigation's start):
 * its first page; then outcome `failed`; then a search within it.
 */
async function visitResults(
  context: BrowserContext,
  id: string,
  via: "link" | "address",
): Promise<ResultsVisit> {
  let v: Visit;
  let firstPageMs: number;
  if (via === "address") {
    v = await visit(context, `${origin}/ui/evaluations/${id}/results`);
    firstPageMs = await mark(v.page, "resultsFirstPage");
  } else {
    v = await visit(context, `${origin}/ui/evaluations/${id}`);
    const link = v.page.getByRole("link", { name: "Results, prompt by prompt" });
    await link.waitFor();
    await watch(v.page, "opened", "resultsFirstPage", { position: 0, count: prompts });
    await link.click();
    firstPageMs = (await mark(v.page, "opened")) - (await lastInput(v.page));
  }
  const page = v.page;
  const shown = await page.locator(".results-toolbar .count").textContent();
  if (shown !== `${prompts} results`) throw new Error(`the results view shows "${shown}"`);

  await watch(page, "failed", "resultsFirstPage", failed);
  await page.getByRole("button", { name: "failed", exact: true }).click();
  const failedMs = (await mark(page, "failed")) - (await lastInput(page));

  await watch(page, "search", "resultsFirstPage", searched);
  await page.locator('input[name="q"]').fill(SEARCH);
  const searchShown = await mark(page, "search");
  const searchFromInputMs = searchShown - (await lastInput(page));
  const searchFromUrlMs = searchShown - (await urlMark(page, `q=${SEARCH}`));

  const fetched = await v.fetched();
  if (v.errors.length > 0) throw new Error(`the results logged errors: ${v.errors.join("; ")}`);
  await page.close();
  return {
    firstPageMs,
    failedMs,
    searchFromInputMs,
    searchFromUrlMs,
    fetched,
    shellMs: v.shellMs,
    scriptsMs: v.scriptsMs,
  };
}

const p50 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] as number;
};
const max = (values: number[]) => Math.max(...values);
const ms = (value: number) => `${Math.round(value)} ms`;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The server's time (p50) for the requests of `visits` that `which` picks. */
function serverMs(visits: { fetched: Fetched[] }[], which: (f: Fetched) => boolean): number {
  return Math.round(p50(visits.flatMap((v) => v.fetched.filter(which).map((f) => f.serverMs))));
}
const resultsPage = (query: (q: URLSearchParams) => boolean) => (f: Fetched) => {
  const q = new URLSearchParams(f.query);
  return f.path.endsWith("/results") && q.get("page") === "1" && query(q);
};

/** What one visit fetched, in order: for the reader who wants to see where the time went. */
function timeline(v: { fetched: Fetched[] }): string {
  return v.fetched
    .map(
      (f) =>
        `${f.path.replace(/^.*\//, "")}${f.query} ${ms(f.startMs)}→${ms(f.endMs)} (server ${ms(f.serverMs)})`,
    )
    .join("\n  ");
}

try {
  const client = new Client({ apiKey, baseURL: `${origin}/api/v1` });
  const large = await seedProject(client, fakes, { prompts, evaluations: evaluationCount }, log);
  const total = (await client.evaluations.getMany({ pageSize: 1 })).totalCount;
  queues = await seedQueues(client, { queues: runs + 1, traces: QUEUE_TRACES }, log);
  const big = await uploadBigTrace(client);
  matrix = await seedMatrixRuns(client, { prompts: matrixPrompts, runs: matrixRuns }, log);
  // Last, the newest: the Traces list's first page is theirs (a list page carries each trace
  // whole, so with the 5 MiB trace on it the list's time would be that trace's transfer).
  await seedTraceList(client, traceCount, log);
  const traceListExpected = await expectedTraceList(client);

  const setup = await browser.newContext();
  const signInPage = await setup.newPage();
  await signInPage.goto(`${origin}/ui/sign-in`);
  await signIn(signInPage, apiKey);
  await signInPage.waitForURL(/\/ui\/evaluations$/);
  const signedIn = await setup.storageState();
  await setup.close();

  const lists = { cold: [] as ListVisit[], warm: [] as ListVisit[] };
  const results = {
    linkCold: [] as ResultsVisit[],
    linkWarm: [] as ResultsVisit[],
    addressCold: [] as ResultsVisit[],
    addressWarm: [] as ResultsVisit[],
  };
  const traces = {
    cold: [] as TraceVisit[],
    warm: [] as TraceVisit[],
    fromList: [] as TraceVisit[],
  };
  const matrixVisits = { cold: [] as MatrixVisit[], warm: [] as MatrixVisit[] };
  const traceLists: TraceListVisit[] = [];
  const moves: number[] = [];
  let prefetched = 0;
  for (let round = 0; round <= runs; round++) {
    // Round 0 warms the service (JIT, database caches) and is not counted.
    const listContext = await newVisitor(browser, signedIn);
    const listCold = await visitList(listContext);
    const listWarm = await visitList(listContext);
    await listContext.close();
    const linkContext = await newVisitor(browser, signedIn);
    const linkCold = await visitResults(linkContext, large.id, "link");
    const linkWarm = await visitResults(linkContext, large.id, "link");
    const addressWarm = await visitResults(linkContext, large.id, "address");
    await linkContext.close();
    const addressContext = await newVisitor(browser, signedIn);
    const addressCold = await visitResults(addressContext, large.id, "address");
    await addressContext.close();
    const traceContext = await newVisitor(browser, signedIn);
    const traceCold = await visitTrace(traceContext, origin, big.id, "address");
    const traceWarm = await visitTrace(traceContext, origin, big.id, "address");
    const traceFromList = await visitTrace(traceContext, origin, big.id, "list");
    await traceContext.close();
    const matrixContext = await newVisitor(browser, signedIn);
    const matrixCold = await visitMatrix(matrixContext, origin, matrix.ids);
    const matrixWarm = await visitMatrix(matrixContext, origin, matrix.ids);
    await matrixContext.close();
    const traceListContext = await newVisitor(browser, signedIn);
    const traceList = await visitTraceList(traceListContext, origin, traceListExpected);
    await traceListContext.close();
    const queueContext = await newVisitor(browser, signedIn);
    const queueJudge = queues.judgeIds[round] as string;
    const queueRun = await labelQueue(queueContext, origin, queueJudge, QUEUE_TRACES);
    await queueContext.close();
    if (round === 0) continue;
    matrixVisits.cold.push(matrixCold);
    matrixVisits.warm.push(matrixWarm);
    traces.cold.push(traceCold);
    traces.warm.push(traceWarm);
    traces.fromList.push(traceFromList);
    traceLists.push(traceList);
    moves.push(...queueRun.moves);
    prefetched += queueRun.prefetched;
    lists.cold.push(listCold);
    lists.warm.push(listWarm);
    results.linkCold.push(linkCold);
    results.linkWarm.push(linkWarm);
    results.addressCold.push(addressCold);
    results.addressWarm.push(addressWarm);
    log(`round ${round}/${runs} done (load average ${loadavg()[0]?.toFixed(1)})`);
  }

  const label = database.dialect === "postgres" ? "PostgreSQL" : "SQLite";
  console.log(
    `\nDashboard budgets: ${label}, ${total} evaluations, results of ${prompts} prompts, ` +
      `${runs} runs each; a ${(big.bytes / 1024 / 1024).toFixed(1)} MiB trace of ${big.messages} ` +
      `messages; a list of ${traceCount} traces; ${moves.length} moves in queues of ${QUEUE_TRACES} traces; ` +
      `${matrixRuns} runs of ${matrixPrompts} prompts side by side ` +
      `(Chromium ${browser.version()}, headless, loopback)\n`,
  );
  const all = Object.values(results).flat();
  const rows: [string, number, number[]][] = [
    ["Evaluations list interactive, first visit", 1000, lists.cold.map((v) => v.interactiveMs)],
    ["Evaluations list interactive, returning", 1000, lists.warm.map((v) => v.interactiveMs)],
    [
      "Results: first page after the click on Results, first visit",
      300,
      results.linkCold.map((v) => v.firstPageMs),
    ],
    [
      "Results: first page after the click on Results, returning",
      300,
      results.linkWarm.map((v) => v.firstPageMs),
    ],
    [
      "Results opened by address (page load): first page, first visit",
      300,
      results.addressCold.map((v) => v.firstPageMs),
    ],
    [
      "Results opened by address (page load): first page, returning",
      300,
      results.addressWarm.map((v) => v.firstPageMs),
    ],
    ["Results: outcome → failed", 300, all.map((v) => v.failedMs)],
    [`Results: search "${SEARCH}" (from the query)`, 300, all.map((v) => v.searchFromUrlMs)],
    ["Trace viewer, 5 MiB trace by address: first visit", 1000, traces.cold.map((v) => v.shownMs)],
    ["Trace viewer, 5 MiB trace by address: returning", 1000, traces.warm.map((v) => v.shownMs)],
    [
      "Trace viewer, 5 MiB trace from the Traces list (click)",
      1000,
      traces.fromList.map((v) => v.shownMs),
    ],
    ["Annotation queue: next trace after a label (n)", 100, moves],
    [
      `Runs side by side (${matrixRuns} × ${matrixPrompts}) by address: first view, first visit`,
      1000,
      matrixVisits.cold.map((v) => v.firstViewMs),
    ],
    [
      `Runs side by side (${matrixRuns} × ${matrixPrompts}) by address: first view, returning`,
      1000,
      matrixVisits.warm.map((v) => v.firstViewMs),
    ],
    [
      "Traces list with latency/tokens/cost/model/user columns: first rows (first visit)",
      1000,
      traceLists.map((v) => v.rowsMs),
    ],
    ["Traces list: sort by latency (header click)", 300, traceLists.map((v) => v.sortMs)],
    ["Traces list: filter on a user (click)", 300, traceLists.map((v) => v.filterMs)],
  ];
  const js = sum(firstLoad.js, "gzip6");
  console.log("| figure | budget | p50 | max | |");
  console.log("| --- | --- | --- | --- | --- |");
  console.log(
    `| Initial JavaScript, gzip (level 6; -9: ${kB(sum(firstLoad.js, "gzip9"))}) | 250 kB | ${kB(js)} | | ${js <= 250_000 ? "✓" : "✗"} |`,
  );
  for (const [name, budget, values] of rows) {
    const verdict = max(values) <= budget ? "✓" : p50(values) <= budget ? "✓ p50, ✗ max" : "✗";
    console.log(
      `| ${name} | ${budget} ms | ${ms(p50(values))} | ${ms(max(values))} | ${verdict} |`,
    );
  }

  console.log(
    `\nFirst load: ${firstLoad.js.map((a) => `${a.file} ${kB(a.gzip6)}`).join(", ")}; ` +
      `CSS ${kB(sum(firstLoad.css, "gzip6"))} gzip (${firstLoad.css.map((a) => a.file).join(", ")}); ` +
      `raw JS ${kB(sum(firstLoad.js, "bytes"))}. Loaded on first use: ` +
      `${firstLoad.lazyJs.map((a) => `${a.file} ${kB(a.gzip6)}`).join(", ")}.`,
  );
  console.log(
    `Search from the keystroke (the box waits 250 ms for the typist to pause): p50 ` +
      `${ms(p50(all.map((v) => v.searchFromInputMs)))}, max ${ms(max(all.map((v) => v.searchFromInputMs)))}.`,
  );
  const slowMoves = moves.filter((m) => m > 100).map(ms);
  console.log(
    `Annotation queue: ${prefetched} of ${moves.length} moves showed a trace the page had asked ` +
      `for before the key (prefetched); over 100 ms: ${slowMoves.join(", ") || "none"}.`,
  );
  console.log("\nWhere the time goes (p50, ms after navigation start or the server's own time):");
  console.table({
    "list, first visit": {
      "rows shown": Math.round(p50(lists.cold.map((v) => v.rowsMs))),
      "GET /evaluations server": serverMs(lists.cold, (f) => f.path.endsWith("/evaluations")),
    },
    "list, returning": {
      "rows shown": Math.round(p50(lists.warm.map((v) => v.rowsMs))),
      "GET /evaluations server": serverMs(lists.warm, (f) => f.path.endsWith("/evaluations")),
    },
    "results by address, first visit": {
      "shell received": Math.round(p50(results.addressCold.map((v) => v.shellMs))),
      "scripts received": Math.round(p50(results.addressCold.map((v) => v.scriptsMs))),
      "first page shown": Math.round(p50(results.addressCold.map((v) => v.firstPageMs))),
    },
    "results by address, returning": {
      "shell received": Math.round(p50(results.addressWarm.map((v) => v.shellMs))),
      "scripts received": Math.round(p50(results.addressWarm.map((v) => v.scriptsMs))),
      "first page shown": Math.round(p50(results.addressWarm.map((v) => v.firstPageMs))),
    },
  });
  const traceRequest = (f: Fetched) => f.path.endsWith(`/traces/${big.id}`);
  const traceTimes = (visits: TraceVisit[]) => ({
    "shell received": Math.round(p50(visits.map((v) => v.shellMs))),
    "scripts received": Math.round(p50(visits.map((v) => v.scriptsMs))),
    "trace asked": Math.round(
      p50(visits.flatMap((v) => v.fetched.filter(traceRequest).map((f) => f.startMs))),
    ),
    "trace received": Math.round(
      p50(visits.flatMap((v) => v.fetched.filter(traceRequest).map((f) => f.endMs))),
    ),
    "trace server": serverMs(visits, traceRequest),
    "messages shown": Math.round(p50(visits.map((v) => v.shownMs))),
  });
  console.table({
    "5 MiB trace by address, first visit": traceTimes(traces.cold),
    "5 MiB trace by address, returning": traceTimes(traces.warm),
  });
  const allMatrix = [...matrixVisits.cold, ...matrixVisits.warm];
  const matrixRequest = (filter: boolean) => (f: Fetched) =>
    f.path.endsWith("/results/matrix") && f.query.includes("filter=disagree") === filter;
  console.table({
    [`runs side by side (${matrixRuns} × ${matrixPrompts})`]: {
      "shell received": Math.round(p50(matrixVisits.cold.map((v) => v.shellMs))),
      "scripts received": Math.round(p50(matrixVisits.cold.map((v) => v.scriptsMs))),
      "GET /results/matrix server": serverMs(allMatrix, matrixRequest(false)),
      "first view shown (first visit)": Math.round(
        p50(matrixVisits.cold.map((v) => v.firstViewMs)),
      ),
      "filter disagree: server": serverMs(allMatrix, matrixRequest(true)),
      "filter disagree: shown after the click": Math.round(p50(allMatrix.map((v) => v.disagreeMs))),
    },
  });
  const traceListRequest = (which: (q: URLSearchParams) => boolean) => (f: Fetched) =>
    f.path.endsWith("/traces") && which(new URLSearchParams(f.query));
  console.table({
    "GET /traces (newest first)": {
      server: serverMs(
        traceLists,
        traceListRequest((q) => q.get("sort_by") === "created_at" && !q.has("user_id")),
      ),
    },
    "GET /traces?sort_by=duration_ms": {
      server: serverMs(
        traceLists,
        traceListRequest((q) => q.get("sort_by") === "duration_ms" && !q.has("user_id")),
      ),
    },
    "GET /traces?sort_by=duration_ms&user_id=…": {
      server: serverMs(
        traceLists,
        traceListRequest((q) => q.has("user_id")),
      ),
    },
  });
  console.table({
    "GET /results, no filter": {
      server: serverMs(
        all,
        resultsPage((q) => !q.has("outcome") && !q.has("search")),
      ),
    },
    "GET /results?outcome=failed": {
      server: serverMs(
        all,
        resultsPage((q) => q.has("outcome") && !q.has("search")),
      ),
    },
    [`GET /results?outcome=failed&search=${SEARCH}`]: {
      server: serverMs(
        all,
        resultsPage((q) => q.has("search")),
      ),
    },
  });
  const matrixMedian = [...matrixVisits.cold].sort((a, b) => a.firstViewMs - b.firstViewMs)[
    Math.floor((matrixVisits.cold.length - 1) / 2)
  ] as MatrixVisit;
  console.log(
    `\nThe median N-run visit (by address, first visit), first view at ${ms(matrixMedian.firstViewMs)}:\n  ${timeline(matrixMedian)}`,
  );
  const median = (visits: ResultsVisit[]) =>
    [...visits].sort((a, b) => a.firstPageMs - b.firstPageMs)[Math.floor((visits.length - 1) / 2)];
  for (const [name, visits] of Object.entries({
    "by address, first visit": results.addressCold,
    "by address, returning": results.addressWarm,
  })) {
    const v = median(visits) as ResultsVisit;
    console.log(
      `\nThe median results visit (${name}), first page at ${ms(v.firstPageMs)}:\n  ${timeline(v)}`,
    );
  }
} finally {
  await browser.close();
  await fakes.close();
  await queues?.judge.close();
  await matrix?.close();
  await stopProcess(server);
  await database.drop();
}

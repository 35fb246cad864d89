// Runs in the page before the dashboard's own scripts (Playwright's addInitScript), on every
// navigation. It writes down, in ms since the navigation started (performance.now()), when what a
// person waits for appears, so the figures carry no round trip to the bench: the frame that shows
// the first rows, the moment the app puts a filter into the URL, the last input event.
// Plain script, no eval: the dashboard's Content-Security-Policy forbids it in the page.
(() => {
  const marks = {};
  /** Watches the bench armed: name → { check, pending }. */
  const watches = new Map();
  let lastInput;

  // Just before the frame that shows it is painted.
  const markAtFrame = (name) => requestAnimationFrame(() => (marks[name] ??= performance.now()));

  const checks = {
    /** A row of the Evaluations list, with its link to the evaluation. */
    evaluationRow: () => document.querySelector('table tbody tr a[href*="/evaluations/"]') !== null,
    /**
     * The results table's first row holds a result (its page arrived) that the filter keeps, and
     * the count is no longer "Loading…": the new first page is on screen.
     */
    resultsFirstPage: ({ position, count }) => {
      const row = document.querySelector('table.results tr[data-index="0"][data-position]');
      if (row === null) return false;
      if (position !== undefined && row.dataset.position !== String(position)) return false;
      const shown = document.querySelector(".results-toolbar .count")?.textContent ?? "";
      if (!/^\d+ results?/.test(shown)) return false;
      return count === undefined || shown.startsWith(`${count} result`);
    },
    /**
     * The N-run view whole: its matrix's first row with a cell per run, and the pairs' table (both
     * come in one answer, so this is the frame a person sees the view in).
     */
    matrixFirstView: () =>
      document.querySelector("table.run-matrix tbody tr[data-prompt-id] button.outcome") !== null &&
      document.querySelector("table.pairs-table tbody tr") !== null,
    /** The N-run view after a filter: its URL says the filter and the page is not still loading. */
    matrixFiltered: ({ filter }) =>
      location.search.includes(`filter=${filter}`) &&
      document.querySelector(".matrix-body.loading") === null &&
      document.querySelector("table.run-matrix tbody tr[data-prompt-id]") !== null,
    /** A row of the Traces list with its summary columns (latency, tokens, cost…). */
    traceRow: () =>
      document.querySelector('table.traces tbody tr[data-trace-id] td[data-column="latency"]') !==
      null,
    /** The Traces list's first row is trace `id`: a new order arrived. */
    traceFirstRow: ({ id }) =>
      document.querySelector("table.traces tbody tr[data-trace-id]")?.dataset.traceId === id,
    /** The Traces list counts `count` matching traces, its rows drawn: a filter arrived. */
    traceCount: ({ count }) =>
      document.querySelector("[data-testid=total-count]")?.textContent === `${count} matching` &&
      document.querySelector("table.traces tbody tr[data-trace-id]") !== null,
    /** The trace viewer has drawn the first messages of a chat. */
    traceMessages: () => document.querySelector(".trace-viewer .chat-turn") !== null,
    /** The annotation queue shows a trace other than `from`, its viewer drawn. */
    nextTrace: ({ from }) => {
      const shown = document.querySelector("[data-testid=trace-panel]");
      return (
        shown !== null &&
        shown.dataset.traceId !== from &&
        shown.querySelector(".trace-viewer .chat-turn") !== null
      );
    },
  };

  const run = () => {
    for (const [name, watch] of watches) {
      if (checks[watch.check](watch.arg)) {
        watches.delete(name);
        markAtFrame(name);
      }
    }
  };

  // Filters live in the URL: the app applying one is a history entry.
  for (const method of ["pushState", "replaceState"]) {
    const original = history[method];
    history[method] = function (...args) {
      const answer = original.apply(this, args);
      marks[`url:${location.search}`] ??= performance.now();
      return answer;
    };
  }
  // The event's own timeStamp (when the browser made it), so a busy main thread that handles it
  // late counts against the page.
  for (const type of ["click", "input", "change", "keydown"]) {
    addEventListener(type, (event) => (lastInput = event.timeStamp), { capture: true });
  }

  window.__bench = {
    marks,
    /** Marks `name` once `check` (a key of checks) holds; checked on every change to the DOM. */
    watch(name, check, arg = {}) {
      watches.set(name, { check, arg });
      run();
    },
    /** The time the app first put a URL containing `part` into the history, if it did. */
    urlMark: (part) => Object.entries(marks).find(([name]) => name.includes(part))?.[1],
    /** Time of the last click/input/change/keydown event, as the page received it. */
    lastInput: () => lastInput,
  };

  // What every navigation waits for, armed before the app can draw anything.
  watches.set("evaluationRow", { check: "evaluationRow", arg: {} });
  watches.set("resultsFirstPage", { check: "resultsFirstPage", arg: {} });
  watches.set("traceMessages", { check: "traceMessages", arg: {} });
  watches.set("matrixFirstView", { check: "matrixFirstView", arg: {} });
  watches.set("traceRow", { check: "traceRow", arg: {} });
  new MutationObserver(run).observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
  });
})();

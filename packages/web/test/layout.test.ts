import type { Client, Evaluation } from "@assay/client";

import {
  arithmeticBehavior,
  type FakeModelServer,
  makeArithmeticItem,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import type { TestService } from "@assay/test-kit/test-service.ts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, screenshot, signedInPage } from "./support/browser.ts";
import {
  addFakeModel,
  addNumericBenchmark,
  startDashboardService,
} from "./support/dashboard-service.ts";

/**
 * Every main page at a phone's, a laptop's and a wide screen's width, in light and dark: the page
 * never scrolls sideways (wide tables scroll in their own box), the navigation folds into a menu
 * button on a phone, and the forest plot's labels stay readable. Names are long on purpose: a
 * pasted paper title as a benchmark name is what pushed the evaluations list past the window.
 */

const WIDTHS = { phone: 390, laptop: 1440, wide: 1920 } as const;
const SCHEMES = ["light", "dark"] as const;
/** 64 characters, the longest name allowed, with no space to wrap at. */
const LONG_BENCHMARK = "grade-school-arithmetic-word-problems_multi-step_held-out-test2";
/** Long subset names: the forest plot's left margin is where labels were squeezed. */
const subsetOf = (id: number) =>
  id % 3 === 0 ? "two-step problems with carrying" : id % 3 === 1 ? "single-step sums" : "odd ones";
const WAIT = { timeout: 8000 };

let service: TestService;
let fake: FakeModelServer;
let browser: Browser;
let client: Client;
let ui: string;
let runs: Evaluation[];
let benchmarkId: string;
let traceId: string;
let judgeId: string;
let leaderboardId: string;

beforeAll(async () => {
  [fake, browser] = await Promise.all([
    startFakeModelServer({ latencyMs: 1, behavior: arithmeticBehavior }),
    launchChromium(),
  ]);
  ({ service, ui, client } = await startDashboardService());
  const models = [
    await addFakeModel(client, "fake/adder-with-a-rather-long-model-name", fake),
    await addFakeModel(client, "fake/second", fake),
  ];
  const rows = Array.from({ length: 60 }, (_, i) => {
    const item = makeArithmeticItem(i + 1, 7);
    return { input: item.question, truth: item.answer, subset: subsetOf(i + 1) };
  });
  const benchmark = await addNumericBenchmark(client, LONG_BENCHMARK, rows);
  benchmarkId = benchmark.id;
  runs = [];
  for (const model of models) {
    const created = await client.evaluations.create(model, benchmark, { concurrency: 8 });
    runs.push(await client.evaluations.waitForCompletion(created, { intervalMs: 200 }));
  }
  const records = [
    { input: "What is the capital of France?", output: "Paris." },
    { input: "Name the capital of Japan", output: "Tokyo." },
  ];
  const { trace_ids } = await client.traces.upload({
    data: new TextEncoder().encode(`${records.map((r) => JSON.stringify(r)).join("\n")}\n`),
    filename: "support-log.jsonl",
  });
  traceId = trace_ids[0] as string;
  judgeId = (
    await client.judges.create({
      name: "Names the right capital",
      evaluation_goal: "The answer names the capital city the question asks about.",
      model_id: "fake/second",
    })
  ).id;
  leaderboardId = (await client.evaluationSpaces.create({ name: "Arithmetic board" })).id;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await fake?.close();
});

/** The main pages, each with what shows it has drawn its data. */
function pages(): { name: string; path: string; ready: string }[] {
  const [a, b] = runs as [Evaluation, Evaluation];
  return [
    { name: "evaluations", path: "/evaluations", ready: "table.evaluations tbody tr" },
    { name: "evaluation", path: `/evaluations/${a.id}`, ready: "figure.forest svg" },
    { name: "results", path: `/evaluations/${a.id}/results`, ready: "table tbody tr" },
    { name: "compare", path: `/compare?a=${a.id}&b=${b.id}`, ready: "table tbody tr" },
    { name: "models", path: "/models", ready: "table tbody tr" },
    { name: "benchmarks", path: "/benchmarks", ready: "table tbody tr" },
    { name: "benchmark", path: `/benchmarks/${benchmarkId}`, ready: "table tbody tr" },
    { name: "traces", path: "/traces", ready: "table tbody tr" },
    { name: "trace", path: `/traces/${traceId}`, ready: "main h1" },
    { name: "judges", path: "/judges", ready: "table tbody tr" },
    { name: "judge", path: `/judges/${judgeId}`, ready: "main h1" },
    { name: "leaderboards", path: "/leaderboards", ready: "main h1" },
    { name: "leaderboard", path: `/leaderboards/${leaderboardId}`, ready: "main h1" },
    { name: "integrations", path: "/settings/integrations", ready: "main h1" },
  ];
}

async function pageAt(width: number, colorScheme: "light" | "dark") {
  const { context, page, pageErrors } = await signedInPage(browser, ui, service.apiKey, {
    viewport: { width, height: 900 },
    colorScheme,
  });
  return { context, page, errors: pageErrors };
}

/**
 * How far the page scrolls sideways, every table wider than the window that is not in a scroll
 * box, and (for the failure message) the outermost elements that reach past the window unclipped.
 * A script string: it runs in the page, where this file's types (no DOM library) do not apply.
 */
const MEASURE_OVERFLOW = `(() => {
  const reaches = (el) => el.getBoundingClientRect().right > window.innerWidth + 1;
  const scrolls = (el) => ["auto", "scroll"].includes(getComputedStyle(el).overflowX);
  const inScrollBox = (el) => {
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement)
      if (scrolls(box)) return true;
    return false;
  };
  const clipped = (el) => {
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement)
      if (getComputedStyle(box).overflowX !== "visible" && !reaches(box)) return true;
    return false;
  };
  const unboxed = [...document.querySelectorAll("main table")]
    .filter((table) => !inScrollBox(table) && reaches(table))
    .map((table) => table.className || table.outerHTML.slice(0, 80));
  const past = [...document.querySelectorAll("body *")]
    .filter((el) => reaches(el) && !clipped(el))
    .filter((el) => !el.parentElement || !reaches(el.parentElement))
    .slice(0, 5)
    .map((el) => el.tagName.toLowerCase() + "." + [...el.classList].join("."));
  return { scrollWidth: document.scrollingElement.scrollWidth, width: window.innerWidth, unboxed, past };
})()`;

function overflow(page: Page) {
  return page.evaluate(MEASURE_OVERFLOW) as Promise<{
    scrollWidth: number;
    width: number;
    unboxed: string[];
    past: string[];
  }>;
}

/**
 * The forest plot's y labels as drawn: font size times the SVG's scale (an SVG shrunk to its box
 * shrinks its text with it), and where the chart ends: inside the window, not scrolled off it.
 */
const MEASURE_FOREST = `(() => {
  const figure = document.querySelector("figure.forest");
  const svg = figure.querySelector("svg");
  const scale = svg.getBoundingClientRect().width / (svg.viewBox.baseVal.width || svg.width.baseVal.value);
  const sizes = [...svg.querySelectorAll("[aria-label='y-axis tick label'] text")].map(
    (t) => Number.parseFloat(getComputedStyle(t).fontSize) * scale,
  );
  return { sizes, right: svg.getBoundingClientRect().right, width: window.innerWidth };
})()`;

describe("the dashboard's layout at phone, laptop and wide widths", () => {
  for (const [device, width] of Object.entries(WIDTHS)) {
    for (const scheme of SCHEMES) {
      it(`every main page fits ${width} px (${scheme})`, async () => {
        const { context, page, errors } = await pageAt(width, scheme);
        try {
          for (const { name, path, ready } of pages()) {
            await page.goto(`${ui}${path}`);
            await page.locator(ready).first().waitFor(WAIT);
            // Charts and lazy chunks settle after the first row.
            await page.waitForLoadState("networkidle");
            await screenshot(page, `layout-${device}-${scheme}-${name}`);
            const seen = await overflow(page);
            expect(seen.unboxed, `${name} at ${width}: tables outside a scroll box`).toEqual([]);
            expect(
              seen.scrollWidth,
              `${name} at ${width}: page scrolls sideways (${seen.past.join(", ")})`,
            ).toBeLessThanOrEqual(seen.width);
          }
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      }, 120_000);
    }
  }

  it("folds the navigation into a menu button on a phone, which opens and navigates", async () => {
    const { context, page } = await pageAt(WIDTHS.phone, "light");
    try {
      const menu = page.getByRole("button", { name: "Menu" });
      const judges = page.locator("header nav").getByRole("link", { name: "Judges" });
      expect(await menu.isVisible()).toBe(true);
      expect(await menu.getAttribute("aria-expanded")).toBe("false");
      expect(await judges.isVisible()).toBe(false);
      await menu.click();
      expect(await menu.getAttribute("aria-expanded")).toBe("true");
      await expect.poll(() => judges.isVisible()).toBe(true);
      await screenshot(page, "layout-phone-light-menu-open");
      await judges.click();
      await page.waitForURL(`${ui}/judges`);
      // Navigating closes the menu.
      await expect.poll(() => judges.isVisible()).toBe(false);
    } finally {
      await context.close();
    }
    // Wider screens show the sections themselves, no menu button.
    const wide = await pageAt(WIDTHS.laptop, "light");
    try {
      expect(await wide.page.getByRole("button", { name: "Menu" }).isVisible()).toBe(false);
      expect(
        await wide.page.locator("header nav").getByRole("link", { name: "Judges" }).isVisible(),
      ).toBe(true);
    } finally {
      await wide.context.close();
    }
  }, 60_000);

  it("keeps the navigation on the dashboard's 404 page", async () => {
    for (const width of [WIDTHS.laptop, WIDTHS.phone]) {
      const { context, page } = await pageAt(width, "light");
      try {
        await page.goto(`${ui}/no-such-page`);
        await expect.poll(() => page.locator("main").textContent(), WAIT).toContain("No such page");
        // The top bar appears once the session is read, which may be after the page's text.
        await expect.poll(() => page.locator("header.top-bar").count(), WAIT).toBe(1);
        if (width === WIDTHS.phone) await page.getByRole("button", { name: "Menu" }).click();
        await screenshot(page, `layout-${width}-not-found`);
        await page.locator("header nav").getByRole("link", { name: "Benchmarks" }).click();
        await page.waitForURL(`${ui}/benchmarks`);
      } finally {
        await context.close();
      }
    }
  }, 60_000);

  it("draws the forest plot inside the window with labels of 10 px or more at every width", async () => {
    for (const width of Object.values(WIDTHS)) {
      const { context, page } = await pageAt(width, "light");
      try {
        await page.goto(`${ui}/evaluations/${runs[0]?.id}`);
        const labels = page.locator("figure.forest [aria-label='y-axis tick label'] text");
        await expect.poll(() => labels.count(), WAIT).toBe(3);
        const forest = (await page.evaluate(MEASURE_FOREST)) as {
          sizes: number[];
          right: number;
          width: number;
        };
        for (const size of forest.sizes)
          expect(size, `label size at ${width}`).toBeGreaterThanOrEqual(10);
        expect(forest.right).toBeLessThanOrEqual(forest.width);
      } finally {
        await context.close();
      }
    }
  }, 60_000);
});

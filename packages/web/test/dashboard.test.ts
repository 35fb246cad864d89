import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Evaluation } from "@assay/client";
import {
  arithmeticBehavior,
  type FakeModelServer,
  makeArithmeticItem,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import type { TestService } from "@assay/test-kit/test-service.ts";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, usd } from "../src/shared/format.ts";
import { collectPageErrors, launchChromium, screenshot, signIn } from "./support/browser.ts";
import {
  addFakeModel,
  addNumericBenchmark,
  startDashboardService,
} from "./support/dashboard-service.ts";

/**
 * The dashboard in a real browser (Debian's Chromium through playwright-core) against a real
 * service with its workers, on SQLite or PostgreSQL (DATABASE_URL): three evaluations run on fake
 * model endpoints (two custom models and a catalog model, whose provider URL points at the fake
 * so its run has a cost), then a person signs in, reads, sorts, searches, pages and filters them,
 * and signs out.
 */

/** A catalog model with prices: its calls go to the adder fake (ASSAY_PROVIDER_OPENAI_BASE_URL). */
const CATALOG_KEY = "openai/gpt-4o-mini";

let service: TestService;
let adder: FakeModelServer;
let broken: FakeModelServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];
let evaluations: Evaluation[];
let ui: string;

beforeAll(async () => {
  [adder, broken, browser] = await Promise.all([
    startFakeModelServer({ latencyMs: 2, behavior: arithmeticBehavior }),
    startFakeModelServer({ behavior: () => ({ status: 500, body: { error: "down" } }) }),
    launchChromium(),
  ]);
  const started = await startDashboardService({
    ASSAY_MODEL_MAX_ATTEMPTS: "1",
    OPENAI_API_KEY: "sk-test",
    ASSAY_PROVIDER_OPENAI_BASE_URL: adder.url,
  });
  ({ service, ui } = started);
  const { client } = started;
  const models = [
    await addFakeModel(client, "fake/adder", adder),
    await addFakeModel(client, "fake/broken", broken),
  ];
  const rows = Array.from({ length: 12 }, (_, i) => {
    const item = makeArithmeticItem(i + 1, 15);
    return { input: item.question, truth: item.answer };
  });
  const benchmark = await addNumericBenchmark(client, "Arithmetic", rows);
  evaluations = [];
  for (const model of models) {
    if (!model || !benchmark) throw new Error("the models or the benchmark were not created");
    const created = await client.evaluations.create(model, benchmark);
    evaluations.push(await client.evaluations.waitForCompletion(created, { intervalMs: 200 }));
  }
  // The first 6 prompts: wrong only on Q3, so 5/6 (83.3%), above the adder's 9/12 and broken's 0.
  const catalogModel = service.running.deps.catalog.models.find((m) => m.key === CATALOG_KEY);
  if (!catalogModel || !benchmark) throw new Error(`no ${CATALOG_KEY} in the catalog`);
  const priced = await client.evaluations.create(catalogModel, benchmark, { limit: 6 });
  evaluations.push(await client.evaluations.waitForCompletion(priced, { intervalMs: 200 }));

  context = await browser.newContext({ viewport: { width: 1180, height: 640 } });
  page = await context.newPage();
  pageErrors = collectPageErrors(page);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await Promise.all([adder?.close(), broken?.close()]);
});

describe("the dashboard in Chromium", () => {
  it("keeps the plain 404 outside /ui/ and for missing assets; deep links get the app", async () => {
    for (const path of ["/", "/favicon.ico", "/ui/assets/missing.js"]) {
      const res = await fetch(`${service.origin}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toBe("404 page not found");
    }
    const deep = await page.goto(`${ui}/evaluations?status=success`);
    expect(deep?.status()).toBe(200);
    // Not signed in yet: the app sends the visitor to sign in, remembering where they were going.
    await page.waitForURL(/\/ui\/sign-in\?next=/);
    await expect.poll(() => page.getByLabel("API key").isVisible()).toBe(true);
    await screenshot(page, "01-sign-in");
  });

  it("shows the API's message for a bad key", async () => {
    await signIn(page, "assay_this-key-does-not-exist");
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("invalid or revoked API key");
    await screenshot(page, "02-sign-in-bad-key");
  });

  it("signs in with a key, keeps it out of the page, and lists the evaluations", async () => {
    await signIn(page, service.apiKey);
    // Back to the deep link it was sent from, with its filter.
    await page.waitForURL(`${ui}/evaluations?status=success`);
    await page.goto(`${ui}/evaluations`);
    const rows = page.locator("table.evaluations tbody tr");
    await expect.poll(() => rows.count()).toBe(3);

    const adderRow = page.locator(`tr[data-evaluation-id="${evaluations[0]?.id}"]`);
    const adderEval = evaluations[0] as Evaluation;
    const text = await adderRow.innerText();
    expect(text).toContain("fake/adder");
    expect(text).toContain("Arithmetic");
    expect(text).toContain("success");
    const { correct, total } = adderEval.assay.progress;
    expect(text).toContain(`${correct}/${total}`);
    expect(text).toContain(`${(adderEval.accuracy * 100).toFixed(1)}%`);
    const { low, high } = adderEval.assay.accuracy_ci95;
    expect(text).toContain(`[${(low * 100).toFixed(1)}%, ${(high * 100).toFixed(1)}%]`);

    // The whisker's marks are inside its box: the estimate between the interval's ends.
    const geometry = await adderRow.locator("svg.whisker").evaluate((svg) => {
      const box = svg.getBoundingClientRect();
      const dot = svg.querySelector("circle")?.getBoundingClientRect();
      const ends = [...svg.querySelectorAll("line.interval")].map((l) => l.getBoundingClientRect());
      return {
        box,
        dot,
        left: Math.min(...ends.map((e) => e.left)),
        right: Math.max(...ends.map((e) => e.right)),
      };
    });
    expect(geometry.dot).toBeDefined();
    expect(geometry.left).toBeGreaterThanOrEqual(geometry.box.left);
    expect(geometry.right).toBeLessThanOrEqual(geometry.box.right);
    expect(geometry.dot?.left).toBeGreaterThanOrEqual(geometry.left - 3);
    expect(geometry.dot?.right).toBeLessThanOrEqual(geometry.right + 3);

    const brokenText = await page
      .locator(`tr[data-evaluation-id="${evaluations[1]?.id}"]`)
      .innerText();
    expect(brokenText).toContain("fake/broken");
    expect(brokenText).toContain(`0/${total}`);
    expect(brokenText).toContain(String(evaluations[1]?.failed_prompt_count));
    expect(evaluations[1]?.failed_prompt_count).toBe(total);

    // The session is an HttpOnly cookie; the key is nowhere in the page's storage.
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({ name: "assay_session", httpOnly: true, sameSite: "Strict" });
    expect(await page.evaluate("document.cookie")).toBe("");
    const stored = await page.evaluate(() =>
      JSON.stringify({ ...localStorage, ...sessionStorage }),
    );
    expect(stored).not.toContain(service.apiKey);
    await screenshot(page, "03-evaluations");
  });

  it("shows tokens and cost: the catalog model's at its prices, a custom model's without", async () => {
    const [adderEval, brokenEval, pricedEval] = evaluations as [Evaluation, Evaluation, Evaluation];
    const cell = (e: Evaluation, name: string) =>
      page.locator(`tr[data-evaluation-id="${e.id}"] [data-testid="${name}"]`);
    expect(pricedEval.assay.cost_usd).toBeGreaterThan(0);
    expect(pricedEval.assay.tokens.total).toBeGreaterThan(0);
    expect(await cell(pricedEval, "cost").textContent()).toBe(usd(pricedEval.assay.cost_usd ?? 0));
    expect(await cell(pricedEval, "tokens").textContent()).toBe(
      count(pricedEval.assay.tokens.total),
    );
    expect(await cell(adderEval, "tokens").textContent()).toBe(count(adderEval.assay.tokens.total));
    expect(await cell(adderEval, "cost").textContent()).toBe("—");
    expect(await cell(adderEval, "cost").getAttribute("title")).toBe(
      "no catalog prices for this model",
    );
    // Every call of the broken model failed: no tokens were used.
    expect(await cell(brokenEval, "tokens").textContent()).toBe("0");
  });

  it("sorts by accuracy on the server, both ways, from the column header (keyboard too)", async () => {
    const [adderEval, brokenEval, pricedEval] = evaluations as [Evaluation, Evaluation, Evaluation];
    const order = () =>
      page
        .locator("table.evaluations tbody tr")
        .evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-evaluation-id")));
    const header = page.getByRole("button", { name: /Accuracy/ });
    await header.click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "accuracy");
    await expect.poll(order).toEqual([pricedEval.id, adderEval.id, brokenEval.id]);
    expect(await page.locator("th", { has: header }).getAttribute("aria-sort")).toBe("descending");
    await header.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("order") === "asc");
    await expect.poll(order).toEqual([brokenEval.id, adderEval.id, pricedEval.id]);
    expect(await page.locator("th", { has: header }).getAttribute("aria-sort")).toBe("ascending");
    await screenshot(page, "03b-sorted-by-accuracy-ascending");
  });

  it("pages through the list with page_size from the URL, keeping the order", async () => {
    const [adderEval, brokenEval, pricedEval] = evaluations as [Evaluation, Evaluation, Evaluation];
    await page.goto(`${ui}/evaluations?sort=accuracy&order=asc&page_size=2`);
    const ids = () =>
      page
        .locator("table.evaluations tbody tr")
        .evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-evaluation-id")));
    const position = page.getByTestId("page-position");
    await expect.poll(ids).toEqual([brokenEval.id, adderEval.id]);
    expect(await position.textContent()).toBe("1–2 of 3 evaluations · page 1 of 2");
    const previous = page.getByRole("button", { name: "← Previous" });
    const next = page.getByRole("button", { name: "Next →" });
    expect(await previous.isDisabled()).toBe(true);
    await next.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await expect.poll(ids).toEqual([pricedEval.id]);
    expect(await position.textContent()).toBe("3 of 3 evaluations · page 2 of 2");
    expect(await next.isDisabled()).toBe(true);
    await screenshot(page, "03c-page-2");
    await previous.click();
    await page.waitForURL((url) => !url.searchParams.has("page"));
    await expect.poll(ids).toEqual([brokenEval.id, adderEval.id]);
  });

  it("searches model, benchmark and id as one types, and the search is in the URL", async () => {
    const [adderEval, brokenEval] = evaluations as [Evaluation, Evaluation, Evaluation];
    await page.goto(`${ui}/evaluations?page=2&page_size=2`);
    const rows = page.locator("table.evaluations tbody tr");
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByLabel("Search").fill("BROKEN");
    // Debounced, then back to the first page of what matches.
    await page.waitForURL(
      (url) => url.searchParams.get("q") === "BROKEN" && !url.searchParams.has("page"),
    );
    // The previous page stays on screen until the answer comes: wait for the row itself.
    await expect.poll(() => rows.first().getAttribute("data-evaluation-id")).toBe(brokenEval.id);
    expect(await rows.count()).toBe(1);
    expect(await page.getByTestId("total-count").textContent()).toBe("1 matching");
    await screenshot(page, "03d-searched");

    // A part of the id; a wildcard that must not match everything.
    await page.getByLabel("Search").fill(adderEval.id.slice(0, 8));
    await expect.poll(() => rows.first().getAttribute("data-evaluation-id")).toBe(adderEval.id);
    expect(await rows.count()).toBe(1);
    await page.getByLabel("Search").fill("%");
    await expect
      .poll(() => page.locator(".empty").textContent())
      .toContain("No evaluation matches");
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.getByLabel("Search").inputValue()).toBe("");
  });

  it("keeps the filters in the URL, and a filtered-out list says so", async () => {
    await page.goto(`${ui}/evaluations`);
    const adderModelId = evaluations[0]?.model_id as string;
    await page.getByLabel("Model").selectOption(adderModelId);
    await page.waitForURL((url) => url.searchParams.get("model") === adderModelId);
    const rows = page.locator("table.evaluations tbody tr");
    await expect.poll(() => rows.count()).toBe(1);
    await screenshot(page, "04-filtered-by-model");

    await page.getByLabel("Status").selectOption("failure");
    await page.waitForURL((url) => url.searchParams.get("status") === "failure");
    await expect
      .poll(() => page.locator(".empty").textContent())
      .toContain("No evaluation matches");

    // A shared link opens the same view.
    await page.goto(`${ui}/evaluations?model=${adderModelId}&status=success`);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await page.getByLabel("Status").inputValue()).toBe("success");
    expect(await page.getByLabel("Model").inputValue()).toBe(adderModelId);
    await expect
      .poll(() => page.getByLabel("Model").locator("option:checked").textContent())
      .toBe("fake/adder");
  });

  it("refuses a write with the cookie from another origin on the same host (403)", async () => {
    // Another port on 127.0.0.1 is the same *site*: SameSite=Strict lets the cookie go along, so
    // the classic CSRF (a form posting to the API) reaches the server, which must refuse it.
    const target = `${service.apiUrl}/organizations/x/projects/y/custom-models`;
    const evil = await startPage(
      `<form method="POST" action="${target}" enctype="text/plain">
        <input name='{"name":"pwned","x":"' value='"}'></form>
        <script>document.forms[0].submit()</script>`,
    );
    const tab = await context.newPage();
    try {
      const refused = tab.waitForResponse((r) => r.url() === target);
      await tab.goto(evil.url);
      const response = await refused;
      expect(response.status()).toBe(403);
      expect((await response.request().allHeaders()).cookie).toContain("assay_session=");
      expect(await response.text()).toContain(
        "the session cookie only works from the dashboard's own origin",
      );
    } finally {
      await tab.close();
      await evil.close();
    }
  });

  it("signs out: the cookie is gone and the app asks for a key again", async () => {
    await page.goto(`${ui}/evaluations`);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(`${ui}/sign-in`);
    expect(await context.cookies()).toEqual([]);
    await page.goto(`${ui}/evaluations`);
    await page.waitForURL(/\/ui\/sign-in/);
  });

  it("ends a revoked key's session, and refuses the key at sign-in", async () => {
    const key = await service.admin.create({ name: "revoked in the browser test" });
    const other = await browser.newContext({
      colorScheme: "dark",
      viewport: { width: 1180, height: 640 },
    });
    try {
      const tab = await other.newPage();
      const errors = collectPageErrors(tab);
      await tab.goto(`${ui}/`);
      await signIn(tab, key.key);
      await expect.poll(() => tab.locator("table.evaluations tbody tr").count()).toBe(3);
      await screenshot(tab, "05-evaluations-dark");

      await service.admin.revoke(key.id);
      await tab.reload();
      await tab.waitForURL(/\/ui\/sign-in/);
      await signIn(tab, key.key);
      await expect
        .poll(() => tab.getByRole("alert").textContent())
        .toBe("invalid or revoked API key");
      expect(errors).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it("tells a new organization how to run its first evaluation", async () => {
    const key = await service.admin.create({ organization: "Newcomers", name: "first key" });
    const other = await browser.newContext({ viewport: { width: 1180, height: 480 } });
    try {
      const tab = await other.newPage();
      await tab.goto(`${ui}/`);
      await signIn(tab, key.key);
      await tab.waitForURL(`${ui}/evaluations`);
      const empty = tab.locator(".empty");
      await expect.poll(() => empty.textContent()).toContain("No evaluations in this project yet");
      expect(await empty.textContent()).toContain(
        "assay eval run --model <model key> --benchmark <benchmark key> --wait",
      );
      expect(await tab.locator(".who").textContent()).toContain("Newcomers");
      await screenshot(tab, "06-empty-project");
    } finally {
      await other.close();
    }
  });

  it("ran without script errors or CSP violations", () => {
    expect(pageErrors).toEqual([]);
  });
});

/** A page on another port of the same host: another origin, the same site. */
async function startPage(html: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

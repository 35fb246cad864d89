import { Client, type Evaluation } from "@assay/client";
import {
  arithmeticBehavior,
  type FakeModelServer,
  makeArithmeticItem,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import type { TestService } from "@assay/test-kit/test-service.ts";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectPageErrors, launchChromium, screenshot, signIn } from "./support/browser.ts";
import {
  addFakeModel,
  addNumericBenchmark,
  startDashboardService,
} from "./support/dashboard-service.ts";

/**
 * Publishing across organizations in Chromium, against a real service (SQLite or PostgreSQL by
 * DATABASE_URL): organization A publishes an evaluation with the toggle on its page; a signed-in
 * user of organization B finds it under Public, opens it and its results, compares it, and can
 * neither toggle nor cancel it (not even a running one).
 */

let service: TestService;
let adder: FakeModelServer;
let slow: FakeModelServer;
let browser: Browser;
let contextA: BrowserContext;
let contextB: BrowserContext;
let pageA: Page;
let pageB: Page;
let errorsB: string[];
let ui: string;
let clientB: Client;
/** Organization A's: published in the browser, published by the SDK, running (published). */
let published: Evaluation;
let second: Evaluation;
let running: Evaluation;
/** Organization B's own, private. */
let own: Evaluation;

beforeAll(async () => {
  [adder, slow, browser] = await Promise.all([
    startFakeModelServer({ latencyMs: 2, behavior: arithmeticBehavior }),
    // Slow enough that the run is still going while organization B looks at it.
    startFakeModelServer({ latencyMs: 3000, behavior: arithmeticBehavior }),
    launchChromium(),
  ]);
  const started = await startDashboardService({ ASSAY_JOB_POLL_INTERVAL_MS: "50" });
  ({ service, ui } = started);
  const clientA = started.client;
  const keyB = await service.admin.create({ organization: "Other Org", name: "B's key" });
  clientB = new Client({ apiKey: keyB.key, baseURL: service.apiUrl });
  const rows = Array.from({ length: 8 }, (_, i) => {
    const item = makeArithmeticItem(i + 1, 15);
    return { input: item.question, truth: item.answer };
  });
  const benchmarkA = await addNumericBenchmark(clientA, "Sums of A", rows);
  const adderA = await addFakeModel(clientA, "acme/adder", adder);
  const slowA = await addFakeModel(clientA, "acme/slow", slow);
  const wait = (e: Evaluation, client = clientA) =>
    client.evaluations.waitForCompletion(e, { intervalMs: 100 });
  published = await wait(await clientA.evaluations.create(adderA, benchmarkA));
  second = await wait(await clientA.evaluations.create(adderA, benchmarkA, { limit: 6 }));
  await clientA.evaluations.setPublic(second, true);
  running = await clientA.evaluations.create(slowA, benchmarkA, { concurrency: 1 });
  await clientA.evaluations.setPublic(running, true);

  const benchmarkB = await addNumericBenchmark(clientB, "Sums of B", rows);
  const adderB = await addFakeModel(clientB, "other/adder", adder);
  own = await wait(await clientB.evaluations.create(adderB, benchmarkB), clientB);

  contextA = await browser.newContext({ viewport: { width: 1180, height: 700 } });
  contextB = await browser.newContext({ viewport: { width: 1180, height: 700 } });
  pageA = await contextA.newPage();
  pageB = await contextB.newPage();
  errorsB = collectPageErrors(pageB);
  await pageA.goto(`${ui}/`);
  await signIn(pageA, service.apiKey);
  await pageA.waitForURL(`${ui}/evaluations`);
  await pageB.goto(`${ui}/`);
  await signIn(pageB, keyB.key);
  await pageB.waitForURL(`${ui}/evaluations`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await Promise.all([adder?.close(), slow?.close()]);
});

const row = (page: Page, e: Evaluation) => page.locator(`tr[data-evaluation-id="${e.id}"]`);

describe("publishing an evaluation to other organizations", () => {
  it("lets the owner publish with the toggle, after saying what it means and asking", async () => {
    await pageA.goto(`${ui}/evaluations/${published.id}`);
    const toggle = pageA.getByRole("switch", { name: /Public/ });
    await expect.poll(() => toggle.isVisible()).toBe(true);
    expect(await toggle.isChecked()).toBe(false);
    expect(await pageA.getByTestId("publish").textContent()).toContain(
      "Publishing lets any API key of this service, of any organization, read this evaluation with all its results",
    );
    await toggle.click();
    const question = pageA.getByRole("alertdialog");
    expect(await question.textContent()).toContain("Publish this evaluation?");
    await screenshot(pageA, "public-01-confirm");
    // Thinking better of it changes nothing.
    await pageA.getByRole("button", { name: "Keep private" }).click();
    expect(await toggle.isChecked()).toBe(false);
    expect(
      (await service.call<Evaluation>("GET", `/evaluations/${published.id}`)).body.is_public,
    ).toBe(false);

    await toggle.click();
    await pageA.getByRole("button", { name: "Publish", exact: true }).click();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    expect(await pageA.getByTestId("publish").textContent()).toContain(
      "Published: any API key of this service, of any organization, can read this evaluation",
    );
    const stored = await service.call<Evaluation>("GET", `/evaluations/${published.id}`);
    expect(stored.body.is_public).toBe(true);
    await screenshot(pageA, "public-02-published");
  });

  it("lists it under Public for another organization, beside that organization's own", async () => {
    await pageB.getByRole("link", { name: "Public", exact: true }).click();
    await pageB.waitForURL(`${ui}/public/evaluations`);
    await expect.poll(() => pageB.locator("table.evaluations tbody tr").count()).toBe(4);
    for (const e of [published, second, running]) {
      expect(await row(pageB, e).locator(".owner").textContent()).toBe("another organization");
    }
    expect(await row(pageB, own).locator(".owner").textContent()).toBe("yours · private");
    const text = await row(pageB, published).innerText();
    expect(text).toContain("acme/adder");
    expect(text).toContain("Sums of A");
    const { low, high } = published.assay.accuracy_ci95;
    expect(text).toContain(`${(published.accuracy * 100).toFixed(1)}%`);
    expect(text).toContain(`[${(low * 100).toFixed(1)}%, ${(high * 100).toFixed(1)}%]`);
    await screenshot(pageB, "public-03-list");

    // The search narrows the public listing too.
    await pageB.getByLabel("Search").fill("other/");
    await expect.poll(() => pageB.locator("table.evaluations tbody tr").count()).toBe(1);
    expect(
      await pageB.locator("table.evaluations tbody tr").getAttribute("data-evaluation-id"),
    ).toBe(own.id);
    await pageB.getByLabel("Search").fill("");
    await expect.poll(() => pageB.locator("table.evaluations tbody tr").count()).toBe(4);

    // The running one's counts move while the list is open: it is read again while any runs.
    const done = async () => Number((await row(pageB, running).innerText()).match(/(\d+)\/8/)?.[1]);
    const before = await done();
    await expect.poll(done, { timeout: 10_000 }).toBeGreaterThan(before);
  });

  it("opens it read-only: statistics and results, but no toggle and no cancel", async () => {
    await row(pageB, published).getByRole("link", { name: "acme/adder" }).click();
    await pageB.waitForURL(`${ui}/evaluations/${published.id}`);
    await expect
      .poll(() => pageB.getByTestId("accuracy").textContent())
      .toBe(`${(published.accuracy * 100).toFixed(1)}%`);
    expect(await pageB.getByTestId("foreign-note").textContent()).toContain(
      "Published by another organization",
    );
    expect(await pageB.getByRole("switch").count()).toBe(0);
    expect(await pageB.getByRole("button", { name: "Cancel evaluation" }).count()).toBe(0);
    expect(await pageB.getByTestId("reproducibility").textContent()).toContain(
      "kept by the organization that ran it",
    );
    await screenshot(pageB, "public-04-foreign-evaluation");

    await pageB.getByRole("link", { name: /Results, prompt by prompt/ }).click();
    await pageB.waitForURL(`${ui}/evaluations/${published.id}/results`);
    await expect
      .poll(() => pageB.locator("table.results tbody tr[data-index]").count())
      .toBe(published.assay.progress.total);
    await screenshot(pageB, "public-05-foreign-results");
  });

  it("shows another organization's running evaluation live, without a cancel button", async () => {
    await pageB.goto(`${ui}/evaluations/${running.id}`);
    await expect
      .poll(() => pageB.locator(".page-head .status").textContent())
      .toMatch(/pending|in-progress/);
    await expect.poll(() => pageB.getByTestId("progress-text").isVisible()).toBe(true);
    expect(await pageB.getByRole("button", { name: "Cancel evaluation" }).count()).toBe(0);
    expect(await pageB.getByRole("switch").count()).toBe(0);
    // Polled rather than streamed: the counters move without a reload.
    const done = async () =>
      Number((await pageB.getByTestId("progress-text").textContent())?.split("/")[0]);
    const before = await done();
    await expect.poll(done, { timeout: 10_000 }).toBeGreaterThan(before);
    await screenshot(pageB, "public-06-foreign-running");
    // And the server refuses its cancel, as the missing button says.
    await expect(clientB.evaluations.cancel(running.id)).rejects.toThrow(/not found/);
  });

  it("compares two public evaluations of another organization", async () => {
    await pageB.goto(`${ui}/public/evaluations`);
    await row(pageB, published).getByRole("checkbox").check();
    await row(pageB, second).getByRole("checkbox").check();
    await pageB.getByRole("button", { name: "Compare (2)" }).click();
    await pageB.waitForURL((url) => url.pathname === "/ui/compare");
    const url = new URL(pageB.url());
    expect([url.searchParams.get("a"), url.searchParams.get("b")]).toEqual([
      published.id,
      second.id,
    ]);
    await expect
      .poll(() => pageB.locator(".compare").textContent(), { timeout: 10_000 })
      .toContain("acme/adder");
    expect(await pageB.getByRole("alert").count()).toBe(0);
    await screenshot(pageB, "public-07-compare");
  });

  it("reads in dark mode", async () => {
    // The owner's switch, published, and the public list as the owner sees it.
    await pageA.emulateMedia({ colorScheme: "dark" });
    try {
      await pageA.goto(`${ui}/evaluations/${second.id}`);
      await expect.poll(() => pageA.getByRole("switch").isChecked()).toBe(true);
      await screenshot(pageA, "public-09-switch-dark");
      await pageA.goto(`${ui}/public/evaluations`);
      await expect.poll(() => pageA.locator("table.evaluations tbody tr").count()).toBe(3);
      for (const e of [published, second, running]) {
        expect(await row(pageA, e).locator(".owner").textContent()).toBe("yours · public");
      }
      await screenshot(pageA, "public-10-list-dark");
    } finally {
      await pageA.emulateMedia({ colorScheme: "light" });
    }
  });

  it("shows the server's refusal when a key that does not own it tries to unpublish", async () => {
    // A's page is open; in another tab of the same browser, B's key signs in, so the session
    // cookie is B's when the switch on A's page is used.
    await pageA.goto(`${ui}/evaluations/${published.id}`);
    const toggle = pageA.getByRole("switch", { name: /Public/ });
    await expect.poll(() => toggle.isChecked()).toBe(true);
    const keyB = await service.admin.create({ organization: "Other Org 2", name: "tab" });
    const tab = await contextA.newPage();
    await tab.goto(`${ui}/sign-in`);
    await signIn(tab, keyB.key);
    await tab.waitForURL(`${ui}/evaluations`);
    await tab.close();

    await toggle.click();
    await expect
      .poll(() => pageA.getByTestId("publish").getByRole("alert").textContent())
      .toMatch(/^\S.* not found$/);
    expect(await pageA.getByTestId("publish").textContent()).toContain(
      "Only the organization that ran an evaluation can publish it",
    );
    expect(await toggle.isChecked()).toBe(true);
    const stored = await service.call<Evaluation>("GET", `/evaluations/${published.id}`);
    expect(stored.body.is_public).toBe(true);
    await screenshot(pageA, "public-08-refused");
  });

  it("made no failed request or script error for the other organization's user", () => {
    expect(errorsB).toEqual([]);
  });
});

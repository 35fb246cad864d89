import type { Client, Evaluation } from "@assay/client";
import {
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
 * A run that failed (every call to its model answered 500) reads as a failure: its reason as an
 * error, no accuracy and no progress bar, none of the empty sections a finished run has, and no
 * switch to publish it. The evaluations list shows no accuracy for it either.
 */

let service: TestService;
let model: FakeModelServer;
let browser: Browser;
let page: Page;
let pageErrors: string[];
let client: Client;
let failed: Evaluation;

const WAIT = { timeout: 8000 };

beforeAll(async () => {
  [model, browser] = await Promise.all([
    startFakeModelServer({
      behavior: () => ({ status: 500, body: { error: "the fake model is down" } }),
    }),
    launchChromium(),
  ]);
  ({ service, client } = await startDashboardService({ ASSAY_MODEL_MAX_ATTEMPTS: "1" }));
  const fake = await addFakeModel(client, "fake/down", model);
  const rows = [1, 2, 3].map((id) => {
    const item = makeArithmeticItem(id, 3);
    return { input: item.question, truth: item.answer };
  });
  const benchmark = await addNumericBenchmark(client, "Three sums", rows);
  const created = await client.evaluations.create(fake, benchmark, { concurrency: 1 });
  failed = await client.evaluations.waitForCompletion(created, { intervalMs: 100 });
  ({ page, pageErrors } = await signedInPage(browser, `${service.origin}/ui`, service.apiKey, {
    viewport: { width: 1280, height: 900 },
    timeoutMs: 8000,
  }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await model?.close();
});

describe("a failed evaluation in Chromium", () => {
  it("shows its reason as an error, and no accuracy, progress bar, empty sections or Public switch", async () => {
    expect(failed.status).toBe("failure");
    await page.goto(`${service.origin}/ui/evaluations/${failed.id}`);
    const reason = page.getByTestId("failure-reason");
    await expect.poll(() => reason.textContent(), WAIT).toContain(failed.status_description);
    expect(await reason.getAttribute("role")).toBe("alert");
    expect(await page.getByTestId("accuracy").count()).toBe(0);
    expect(await page.locator("progress").count()).toBe(0);
    expect(await page.getByTestId("publish").count()).toBe(0);
    const headings = await page.locator("h2").allTextContents();
    expect(headings.some((h) => /Distributions|Metrics|Accuracy per subset/.test(h))).toBe(false);
    expect(await page.locator(".evaluation").textContent()).not.toContain("no prices");
    // What is left: what the run was, and its answers.
    expect(headings).toContain("Reproducibility");
    expect(await page.getByRole("link", { name: /Results, prompt by prompt/ }).count()).toBe(1);
    await screenshot(page, "failed-evaluation-01");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "failed-evaluation-01b-dark");
    await page.emulateMedia({ colorScheme: "light" });
    // On a phone the reason wraps inside the page.
    await page.setViewportSize({ width: 390, height: 844 });
    const box = await reason.boundingBox();
    if (!box) throw new Error("the reason is not on screen");
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await screenshot(page, "failed-evaluation-01c-phone");
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("has no accuracy in the evaluations list", async () => {
    await page.goto(`${service.origin}/ui/evaluations`);
    const row = page.locator(`tr[data-evaluation-id="${failed.id}"]`);
    await row.waitFor(WAIT);
    expect(await row.locator(".accuracy-interval, svg").count()).toBe(0);
    expect(await row.textContent()).not.toContain("0.0%");
    expect(pageErrors).toEqual([]);
  });
});

import type { Client, CustomModel } from "@assay/client";
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
 * The planner in Chromium against a real service: the new-evaluation form shows what its run
 * will cost and tell (calls, tokens, cost, budget, interval width) as the form changes, names a
 * refusal under its field before anything is started, and a custom model's prices are typed per
 * million tokens in the model form.
 */

let service: TestService;
let fake: FakeModelServer;
let browser: Browser;
let page: Page;
let pageErrors: string[];
let client: Client;
let ui: string;
let benchmarkId: string;
let pricedId: string;
let unpricedId: string;

const WAIT = { timeout: 5000 };

beforeAll(async () => {
  [fake, browser] = await Promise.all([
    startFakeModelServer({ behavior: arithmeticBehavior }),
    launchChromium(),
  ]);
  ({ service, ui, client } = await startDashboardService());
  const { model_id } = await client.models.createCustom({
    name: "Priced",
    key: "fake/priced",
    description: "",
    api_url: fake.url,
    max_tokens: 256,
    // $2.50 and $10 per million tokens.
    cost_per_input_token: "0.0000025",
    cost_per_output_token: "0.00001",
  });
  pricedId = model_id;
  unpricedId = (await addFakeModel(client, "fake/unpriced", fake)).id;
  const rows = Array.from({ length: 40 }, (_, i) => {
    const item = makeArithmeticItem(i + 1, 3);
    return { input: item.question, truth: item.answer };
  });
  benchmarkId = (await addNumericBenchmark(client, "Forty sums", rows)).id;

  ({ page, pageErrors } = await signedInPage(browser, ui, service.apiKey, {
    viewport: { width: 1180, height: 1100 },
  }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await fake?.close();
});

describe("the planner in Chromium", () => {
  it("shows the run's calls, tokens, cost and interval width, following the form", async () => {
    await page.goto(`${ui}/evaluations/new?model=${pricedId}&benchmark=${benchmarkId}`);
    const panel = page.getByTestId("plan");
    await expect.poll(() => panel.innerText(), WAIT).toContain("40 (one per prompt)");
    expect(await panel.innerText()).toMatch(/Cost \(estimated\)\s+\$0\.\d\d \(at most \$0\.\d\d\)/);
    expect(await panel.innerText()).toMatch(/95% interval on accuracy\s+at most ±14\.8 points/);

    await page.getByLabel("Repeats").fill("3");
    await page.getByLabel("Budget (USD)").fill("0.05");
    await expect.poll(() => panel.innerText(), WAIT).toContain("120 (40 prompts × 3 repeats)");
    await expect
      .poll(() => panel.innerText(), WAIT)
      .toMatch(/Budget\s+\$0\.05: below the estimate, so the run will likely stop at it/);
    await panel.getByText("How these are estimated").click();
    expect(await panel.innerText()).toContain("the model's own prices ($2.50 / $10.00 per million");
    expect(await panel.innerText()).toMatch(
      /At most ±\d+\.\d points, as little as ±\d+\.\d points/,
    );
    await screenshot(page, "plan-01-new-evaluation");
    // Planning starts nothing.
    expect((await client.evaluations.getMany()).totalCount).toBe(0);
  });

  it("names what the run would be refused for under its field, before it is started", async () => {
    await page.goto(`${ui}/evaluations/new?model=${unpricedId}&benchmark=${benchmarkId}`);
    const panel = page.getByTestId("plan");
    await expect.poll(() => panel.innerText(), WAIT).toContain("unknown: the model has no prices");
    await page.getByLabel("Budget (USD)").fill("1");
    const error = page.locator("#error-item-max_cost_usd");
    await expect
      .poll(() => error.textContent(), WAIT)
      .toBe("the model has no prices; a budget cannot be enforced");
    expect(await page.getByLabel("Budget (USD)").getAttribute("aria-invalid")).toBe("true");
    expect(await panel.innerText()).toContain("would be refused: see the fields above");
    await screenshot(page, "plan-02-refused");
    await page.getByLabel("Budget (USD)").fill("");
    await expect.poll(() => error.count(), WAIT).toBe(0);
  });

  it("takes a custom model's prices per million tokens in the model form", async () => {
    await page.goto(`${ui}/models`);
    const form = page.locator("form.model-form");
    await form.getByLabel("Name").fill("Priced in the browser");
    await form.getByLabel("Key", { exact: true }).fill("fake/browser-priced");
    await form.getByLabel("API URL").fill(fake.url);
    await form.getByLabel("Input price (USD per 1M tokens)").fill("0.15");
    await form.getByLabel("Output price (USD per 1M tokens)").fill("abc");
    await form.getByRole("button", { name: "Create model" }).click();
    await expect
      .poll(() => page.locator("#error-body-cost_per_output_token").textContent(), WAIT)
      .toContain("a plain number of US dollars per million tokens");
    await form.getByLabel("Output price (USD per 1M tokens)").fill("0.6");
    await form.getByRole("button", { name: "Create model" }).click();
    await expect
      .poll(async () => (await client.models.getByKey("fake/browser-priced")) as CustomModel, WAIT)
      .toMatchObject({ cost_per_input_token: "0.00000015", cost_per_output_token: "0.0000006" });
    // The planner's refusals above are 400s, which the browser logs; nothing else went wrong.
    expect(pageErrors.filter((e) => !/responded with a status of 400/.test(e))).toEqual([]);
  });
});

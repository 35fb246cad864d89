import { randomUUID } from "node:crypto";
import type { Client } from "@assay/client";
import {
  arithmeticBehavior,
  type FakeModelServer,
  makeArithmeticItem,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import type { TestService } from "@assay/test-kit/test-service.ts";
import type { Browser, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, screenshot, signedInPage } from "./support/browser.ts";
import {
  addFakeModel,
  addNumericBenchmark,
  startDashboardService,
} from "./support/dashboard-service.ts";

/**
 * The Models view and the new-evaluation form in Chromium against a real service on SQLite or
 * PostgreSQL (DATABASE_URL): the project's catalog and custom models with what this server can
 * run, a custom model created through the form (first refused by the server's URL policy, then
 * accepted) whose provider key never comes back, and an evaluation started from the form and
 * followed on its live page to the end.
 */

let service: TestService;
let fake: FakeModelServer;
let browser: Browser;
let page: Page;
let pageErrors: string[];
let client: Client;
let ui: string;
let benchmarkId: string;

/** Provider keys typed into the form: neither may ever come back to the page. */
const SECRET = `sk-SECRET-${randomUUID()}`;
const ROTATED = `sk-ROTATED-${randomUUID()}`;
/** Every API answer the page received, as text: the secrets must be in none of them. */
const answers: string[] = [];
/** The Authorization headers the fake model server was called with. */
const authorizations = new Set<string>();
const WAIT = { timeout: 5000 };

const row = (key: string) => page.locator(`tr[data-model-key="${key}"]`);

beforeAll(async () => {
  [fake, browser] = await Promise.all([
    startFakeModelServer({
      latencyMs: 1,
      behavior: (request) => {
        authorizations.add(String(request.headers.authorization));
        return arithmeticBehavior(request);
      },
    }),
    launchChromium(),
  ]);
  // OpenAI is configured on this server (never called here), Anthropic is not.
  ({ service, ui, client } = await startDashboardService({
    OPENAI_API_KEY: "sk-server-side-provider-key",
  }));
  await addFakeModel(client, "fake/existing", fake);
  const rows = Array.from({ length: 20 }, (_, i) => {
    const item = makeArithmeticItem(i + 1, 3);
    return { input: item.question, truth: item.answer };
  });
  benchmarkId = (await addNumericBenchmark(client, "Arithmetic twenty", rows)).id;

  ({ page, pageErrors } = await signedInPage(browser, ui, service.apiKey, {
    viewport: { width: 1280, height: 900 },
    watch: (p) => p.on("response", (response) => void recordAnswer(response)),
  }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await fake?.close();
});

async function recordAnswer(response: Response): Promise<void> {
  if (!response.url().includes("/api/")) return;
  try {
    answers.push(`${response.url()} ${await response.text()}`);
  } catch {
    // An event stream still open, or a page gone: nothing to read.
  }
}

describe("the Models view in Chromium", () => {
  it("lists the project's catalog and custom models: runnable or not, context, prices", async () => {
    await page.getByRole("link", { name: "Models", exact: true }).click();
    await page.waitForURL(`${ui}/models`);
    await row("fake/existing").waitFor();

    const custom = row("fake/existing");
    expect(await custom.locator("td").nth(2).textContent()).toBe("custom · no key");
    expect(await custom.locator(".runnable").textContent()).toBe("yes");
    expect(await custom.locator(".runnable").getAttribute("title")).toContain("without a key");
    expect(await custom.locator("td").nth(1).textContent()).toBe(new URL(fake.url).host);

    // A catalog model whose provider this server has a key for: runnable, with the catalog's
    // prices per million tokens ($0.00000015 and $0.0000006 per token) and context length.
    const mini = row("openai/gpt-4o-mini");
    const cells = await mini.locator("td").allTextContents();
    expect(cells.slice(0, 7)).toEqual([
      "GPT-4o miniopenai/gpt-4o-mini",
      "OpenAI",
      "catalog",
      "yes",
      "128k",
      "$0.15",
      "$0.60",
    ]);
    const miniModel = await client.models.getByKey("openai/gpt-4o-mini");
    expect(await mini.getByRole("link", { name: "Evaluate" }).getAttribute("href")).toBe(
      `/ui/evaluations/new?model=${miniModel?.id}`,
    );
    // One whose provider is not configured: not runnable, says why, offers no Evaluate.
    const haiku = row("anthropic/claude-haiku-4-5");
    expect(await haiku.locator(".runnable").textContent()).toBe("no");
    expect(await haiku.locator(".runnable").getAttribute("title")).toContain(
      "has not configured the provider anthropic",
    );
    expect(await haiku.getByRole("link", { name: "Evaluate" }).count()).toBe(0);
    await screenshot(page, "models-01-list");

    // "runnable only" lives in the URL and hides the others.
    await page.getByLabel("runnable only").check();
    await page.waitForURL(`${ui}/models?runnable=true`);
    expect(await haiku.count()).toBe(0);
    expect(await mini.count()).toBe(1);
    await page.getByLabel("runnable only").uncheck();
    await haiku.waitFor();
  });

  it("removes a catalog model from the project and adds it back from the catalog", async () => {
    await row("openai/gpt-4o-mini").getByRole("button", { name: "Remove" }).click();
    await expect.poll(() => row("openai/gpt-4o-mini").count(), WAIT).toBe(0);
    expect(await client.models.getByKey("openai/gpt-4o-mini")).toBeUndefined();

    // Unsearched, the catalog offers just what the project lacks: the model removed.
    await expect.poll(() => page.locator("tr[data-catalog-key]").count(), WAIT).toBe(1);
    await page.getByLabel("Search the catalog").fill("gpt-4o");
    await page.waitForURL(`${ui}/models?q=gpt-4o`);
    expect(await page.locator(".catalog-count").textContent()).toMatch(
      /^1 to add, \d+ already in the project/,
    );
    const entry = page.locator('tr[data-catalog-key="openai/gpt-4o-mini"]');
    await expect.poll(() => page.locator("tr[data-catalog-key]").count(), WAIT).toBe(1);
    // Only what the project lacks: the one model just removed.
    expect((await entry.locator("td").allTextContents()).slice(2, 6)).toEqual([
      "yes",
      "128k",
      "$0.15",
      "$0.60",
    ]);
    await entry.getByRole("button", { name: "Add openai/gpt-4o-mini to the project" }).click();
    await row("openai/gpt-4o-mini").waitFor();
    await expect.poll(() => entry.count(), WAIT).toBe(0);
    expect(await client.models.getByKey("openai/gpt-4o-mini")).toBeDefined();
  });

  it("creates a custom model: the server's refusal under its field, nothing typed lost", async () => {
    await page.goto(`${ui}/models`);
    const form = page.locator("form.model-form");
    await form.getByLabel("Name").fill("Created in the browser");
    await form.getByLabel("Key", { exact: true }).fill("fake/created");
    // A private address this server does not allow: refused by its outbound URL policy.
    await form.getByLabel("API URL").fill("http://10.1.2.3/v1");
    await form.getByLabel("Provider API key (optional)").fill(SECRET);
    await form.getByRole("button", { name: "Create model" }).click();

    const urlError = page.locator("#error-body-api_url");
    await expect.poll(() => urlError.textContent(), WAIT).toContain("private");
    expect(await form.getByLabel("API URL").getAttribute("aria-invalid")).toBe("true");
    expect(await form.getByLabel("Name").inputValue()).toBe("Created in the browser");
    expect(await form.getByLabel("Key", { exact: true }).inputValue()).toBe("fake/created");
    expect(await form.getByLabel("API URL").inputValue()).toBe("http://10.1.2.3/v1");
    expect(await client.models.getByKey("fake/created")).toBeUndefined();
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, "models-02-refused");

    // Pointed at the fake model server (loopback is allowed here): created.
    answers.length = 0;
    await form.getByLabel("API URL").fill(fake.url);
    await form.getByLabel("Request profile").selectOption("vllm");
    await form.getByRole("button", { name: "Create model" }).click();
    await expect
      .poll(() => page.locator(".saved").textContent(), WAIT)
      .toBe("Created fake/created (key set). It is in the table above.");
    const created = row("fake/created");
    await created.waitFor();
    expect(await created.locator("td").nth(2).textContent()).toBe("custom · key set");
    expect(await form.getByLabel("Name").inputValue()).toBe("");
    const model = await client.models.getByKey("fake/created");
    expect(model).toMatchObject({ api_key_set: true, api_url: fake.url, request_profile: "vllm" });

    await expectSecretsNowhere();
    // The check above can fail: the page did receive the new model in an answer.
    expect(
      answers.some((a) => a.includes("fake/created") && a.includes('"api_key_set":true')),
    ).toBe(true);
    await screenshot(page, "models-03-created");
  });

  it("refuses a duplicate key under the Key field (409)", async () => {
    const form = page.locator("form.model-form");
    await form.getByLabel("Name").fill("Twice");
    await form.getByLabel("Key", { exact: true }).fill("fake/created");
    await form.getByLabel("API URL").fill(fake.url);
    await form.getByRole("button", { name: "Create model" }).click();
    await expect
      .poll(() => page.locator("#error-body-key").textContent(), WAIT)
      .toBe('a model with key "fake/created" already exists in this project');
    expect(await form.getByLabel("Name").inputValue()).toBe("Twice");
  });

  it("edits a custom model: the key shows only as set, and can be replaced unseen", async () => {
    await row("fake/created").getByRole("link", { name: "Created in the browser" }).click();
    await page.waitForURL(new RegExp(`${ui}/models/[0-9a-f-]{36}$`));
    await expect.poll(() => page.locator(".facts").textContent(), WAIT).toContain("key set");
    const form = page.locator("form.model-form");
    expect(await form.locator('input[type="password"]').count()).toBe(0);
    await form.getByLabel("Replace key").check();
    const keyInput = form.getByLabel("New provider API key");
    expect(await keyInput.inputValue()).toBe("");
    await keyInput.fill(ROTATED);
    await form.getByLabel("Name").fill("Renamed in the browser");
    expect(await form.getByLabel("Request profile").inputValue()).toBe("vllm");
    await form.getByLabel("Request profile").selectOption("llama-cpp");
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect
      .poll(() => page.locator(".saved").textContent(), WAIT)
      .toBe("Saved; the new key is set.");
    await expect.poll(() => page.locator("h1").textContent(), WAIT).toBe("Renamed in the browser");
    await expect.poll(() => page.locator(".facts").textContent(), WAIT).toContain("llama-cpp");
    expect(await form.locator('input[type="password"]').count()).toBe(0);
    await expectSecretsNowhere();
    await screenshot(page, "models-04-edit");
  });

  it("starts an evaluation from the form and lands on its live page, which sees it finish", async () => {
    await page.goto(`${ui}/models`);
    const model = await client.models.getByKey("fake/created");
    await row("fake/created").getByRole("link", { name: "Evaluate" }).click();
    await page.waitForURL(`${ui}/evaluations/new?model=${model?.id}`);
    await expect.poll(() => page.getByLabel("Model").inputValue(), WAIT).toBe(model?.id);

    await page.getByLabel("Benchmark").selectOption(benchmarkId);
    await page.waitForURL(`${ui}/evaluations/new?model=${model?.id}&benchmark=${benchmarkId}`);
    // A limit the server refuses: its word under the field, the other fields kept.
    await page.getByLabel("Limit").fill("0");
    await page.getByLabel("Concurrency").fill("2");
    await page.getByRole("button", { name: "Start evaluation" }).click();
    await expect.poll(() => page.locator("#error-item-limit").textContent(), WAIT).toMatch(/1/);
    expect(await page.getByLabel("Limit").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel("Concurrency").inputValue()).toBe("2");
    expect(await page.getByLabel("Benchmark").inputValue()).toBe(benchmarkId);
    await screenshot(page, "models-05-new-evaluation-refused");

    await page.getByLabel("Limit").fill("12");
    await page.getByRole("button", { name: "Start evaluation" }).click();
    await page.waitForURL(new RegExp(`${ui}/evaluations/[0-9a-f-]{36}$`));
    const id = page.url().split("/").pop() as string;
    await expect
      .poll(() => page.locator(".page-head .status").textContent(), { timeout: 15_000 })
      .toBe("success");
    const finished = await client.evaluations.getById(id);
    expect(finished.model_key).toBe("fake/created");
    expect(finished.assay.progress.total).toBe(12);
    await expect
      .poll(() => page.getByTestId("counts").textContent(), WAIT)
      .toContain(`${finished.assay.progress.correct}/12 correct`);
    expect(await page.getByTestId("reproducibility").innerText()).toContain(
      "concurrency 2 · limit 12 · cache on",
    );
    // The key typed into the form is the one the server called the model with.
    expect([...authorizations]).toEqual([`Bearer ${ROTATED}`]);
    await screenshot(page, "models-06-evaluation-finished");
  });

  it("opens /evaluations/new by itself (not as an evaluation id) and says what is missing", async () => {
    await page.goto(`${ui}/evaluations/new`);
    await expect.poll(() => page.locator("h1").textContent(), WAIT).toBe("New evaluation");
    await page.getByRole("button", { name: "Start evaluation" }).click();
    await expect
      .poll(() => page.locator("#error-item-model_id").textContent(), WAIT)
      .toBe("choose a model");
    expect(await page.locator("#error-item-dataset_id").textContent()).toBe("choose a benchmark");
    // An id the project does not have (an old link): the server's refusal, under the field.
    await page.goto(`${ui}/evaluations/new?model=no-such-model&benchmark=${benchmarkId}`);
    await expect
      .poll(() => page.getByLabel("Model").locator("option:checked").textContent(), WAIT)
      .toBe("(not in this project)");
    await page.getByRole("button", { name: "Start evaluation" }).click();
    await expect
      .poll(() => page.locator("#error-item-model_id").textContent(), WAIT)
      .toBe("no such model in this project");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "models-07-new-evaluation-dark");
    // A model whose provider this server has no key for: refused before a run that would fail.
    const haiku = await client.models.getByKey("anthropic/claude-haiku-4-5");
    await page.goto(`${ui}/evaluations/new?model=${haiku?.id}&benchmark=${benchmarkId}`);
    await expect
      .poll(() => page.getByLabel("Model").locator("option:checked").textContent(), WAIT)
      .toBe("Claude Haiku 4.5 (anthropic/claude-haiku-4-5)");
    await page.getByRole("button", { name: "Start evaluation" }).click();
    await expect
      .poll(() => page.locator("#error-item-model_id").textContent(), WAIT)
      .toContain("not runnable: this server has not configured the provider anthropic");
    await page.emulateMedia({ colorScheme: "light" });
  });

  it("deletes a custom model after confirming, then says what to do with no models", async () => {
    await page.goto(`${ui}/models`);
    let question = "";
    page.once("dialog", (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await row("fake/existing").getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => row("fake/existing").count(), WAIT).toBe(0);
    expect(question).toContain("Delete fake/existing?");
    expect(await client.models.getByKey("fake/existing")).toBeUndefined();

    const { models } = await client.models.get();
    await client.models.remove(models.map((m) => m.id));
    await page.goto(`${ui}/models`);
    await expect
      .poll(() => page.locator(".empty").first().textContent(), WAIT)
      .toContain("No models in this project yet");
    await screenshot(page, "models-08-empty");
    await page.goto(`${ui}/evaluations/new`);
    await expect
      .poll(() => page.locator(".empty").first().textContent(), WAIT)
      .toContain("This project has no models yet");
  });

  it("ran without script errors; the only failed requests were the refusals shown", () => {
    expect(pageErrors.filter((e) => !/responded with a status of (400|409)/.test(e))).toEqual([]);
  });
});

/** Neither provider key in the page's text, its inputs, or any API answer it received. */
async function expectSecretsNowhere(): Promise<void> {
  const html = await page.content();
  const text = await page.locator("body").innerText();
  const values = await page
    .locator("input")
    .evaluateAll((inputs) => inputs.map((i) => (i as unknown as { value: string }).value));
  for (const secret of [SECRET, ROTATED]) {
    expect(html).not.toContain(secret);
    expect(text).not.toContain(secret);
    expect(values.join("\n")).not.toContain(secret);
    expect(answers.join("\n")).not.toContain(secret);
  }
}

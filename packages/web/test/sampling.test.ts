import type { Client, Evaluation } from "@assay/client";
import {
  arithmeticBehavior,
  type FakeBehavior,
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
 * Sampling and reasoning in Chromium against a real service: the new-evaluation form's Sampling
 * section (a refusal of the model's request profile under its field; options that reach the run),
 * the evaluation's record of the request it sent, and a reasoning model's reasoning beside (not
 * inside) the scored response.
 */

let service: TestService;
let plain: FakeModelServer;
let thinker: FakeModelServer;
let browser: Browser;
let page: Page;
let pageErrors: string[];
let client: Client;
let ui: string;
let benchmarkId: string;
let plainId: string;
let oSeriesId: string;
let thought: Evaluation;

/** Q1's reasoning is long (collapsed in the panel); the others' are one line (open). */
const LONG_REASONING = Array.from(
  { length: 40 },
  (_, i) => `Step ${i + 1}: re-reading the question and adding the digits once more.`,
).join("\n");
const shortReasoning = (id: number) => `Adding the two numbers of Q${id}.`;
const REASONING_TOKENS = 180;

/** The arithmetic answers, with reasoning where reasoning APIs put it and its tokens counted. */
const thinking: FakeBehavior = (request) => {
  const answer = arithmeticBehavior(request);
  if (!("content" in answer)) return answer;
  const id = Number(/Q(\d+):/.exec(request.lastUserMessage)?.[1]);
  const reasoning = id === 1 ? LONG_REASONING : shortReasoning(id);
  const message = {
    role: "assistant",
    content: answer.content,
    // DeepSeek, vLLM and llama.cpp name it reasoning_content; OpenRouter, Groq and Ollama reasoning.
    reasoning_content: reasoning,
    reasoning,
  };
  return {
    status: 200,
    body: {
      id: `chatcmpl-${id}`,
      object: "chat.completion",
      created: 0,
      model: "thinker",
      choices: [{ index: 0, message, finish_reason: "stop" }],
      usage: {
        prompt_tokens: 30,
        completion_tokens: 200,
        total_tokens: 230,
        completion_tokens_details: { reasoning_tokens: REASONING_TOKENS },
      },
    },
  };
};

const WAIT = { timeout: 5000 };

beforeAll(async () => {
  [plain, thinker, browser] = await Promise.all([
    startFakeModelServer({ behavior: arithmeticBehavior, captureBodies: true }),
    startFakeModelServer({ behavior: thinking }),
    launchChromium(),
  ]);
  ({ service, ui, client } = await startDashboardService());
  plainId = (await addFakeModel(client, "fake/plain", plain)).id;
  const profiled = async (
    key: string,
    url: string,
    request_profile: "openai-o-series" | "deepseek-reasoner",
  ) => {
    const { model_id } = await client.models.createCustom({
      name: key,
      key,
      description: "",
      api_url: url,
      max_tokens: 512,
      request_profile,
    });
    return client.models.getById(model_id);
  };
  oSeriesId = (await profiled("fake/o-series", plain.url, "openai-o-series")).id;
  const thinkerModel = await profiled("fake/thinker", thinker.url, "deepseek-reasoner");
  const rows = [1, 2, 4].map((id) => {
    const item = makeArithmeticItem(id, 11);
    return { input: item.question, truth: item.answer };
  });
  const benchmark = await addNumericBenchmark(client, "Three sums", rows);
  benchmarkId = benchmark.id;
  const created = await client.evaluations.create(thinkerModel, benchmark);
  thought = await client.evaluations.waitForCompletion(created, { intervalMs: 200 });

  ({ page, pageErrors } = await signedInPage(browser, ui, service.apiKey, {
    viewport: { width: 1180, height: 900 },
  }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await Promise.all([plain?.close(), thinker?.close()]);
});

describe("sampling and reasoning in Chromium", () => {
  it("shows the server's refusal of a sampling option under its field, keeping the rest", async () => {
    await page.goto(`${ui}/evaluations/new?model=${oSeriesId}&benchmark=${benchmarkId}`);
    const sampling = page.getByTestId("sampling");
    // Empty means the model's default; the legend's hint names the model's request profile.
    await expect.poll(() => sampling.innerText(), WAIT).toContain("openai-o-series");
    await page.getByLabel("Temperature").fill("0");
    await page.getByLabel("Reasoning effort").selectOption("low");
    await page.getByRole("button", { name: "Start evaluation" }).click();
    const error = page.locator("#error-item-temperature");
    await expect.poll(() => error.textContent(), WAIT).toBeTruthy();
    expect(await page.getByLabel("Temperature").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel("Reasoning effort").inputValue()).toBe("low");
    // Under the field, not in the form's general message.
    expect(await page.locator(".new-evaluation ul.error").count()).toBe(0);
    await screenshot(page, "sampling-01-refused");
  });

  it("sends the options typed, and the evaluation shows them and the request sent", async () => {
    await page.goto(`${ui}/evaluations/new?model=${plainId}&benchmark=${benchmarkId}`);
    await expect.poll(() => page.getByLabel("Model").inputValue(), WAIT).toBe(plainId);
    await page.getByLabel("Temperature").fill("0.5");
    await page.getByLabel("Max tokens").fill("32");
    plain.reset();
    await page.getByRole("button", { name: "Start evaluation" }).click();
    await page.waitForURL(new RegExp(`${ui}/evaluations/[0-9a-f-]{36}$`));
    const id = page.url().split("/").pop() as string;
    await expect
      .poll(() => page.locator(".page-head .status").textContent(), { timeout: 15_000 })
      .toBe("success");
    const finished = await client.evaluations.getById(id);
    expect(finished.assay.options).toMatchObject({ temperature: 0.5, max_tokens: 32, seed: null });
    const request = finished.assay.options.request;
    expect(request?.profile).toBe("openai-compatible");

    const facts = await page.getByTestId("reproducibility").innerText();
    expect(facts).toMatch(/Sampling asked\s+temperature 0\.5 · max_tokens 32/);
    expect(facts).toContain("profile openai-compatible");
    // Every parameter sent, as sent, and what the model got is that.
    for (const [name, value] of Object.entries(request?.parameters ?? {})) {
      expect(facts).toContain(
        `${name} ${typeof value === "object" ? JSON.stringify(value) : value}`,
      );
    }
    for (const { model: _m, messages: _messages, ...sent } of plain.stats().bodies ?? []) {
      expect(sent).toEqual(request?.parameters);
    }
    await screenshot(page, "sampling-02-request-sent");
  });

  it("records a reasoning model's reasoning tokens", async () => {
    expect(thought.status).toBe("success");
    expect(thought.assay.tokens.reasoning).toBe(3 * REASONING_TOKENS);
    await page.goto(`${ui}/evaluations/${thought.id}`);
    await expect
      .poll(() => page.getByTestId("reasoning-tokens").textContent(), WAIT)
      .toBe(`, of which ${3 * REASONING_TOKENS} reasoning`);
    expect(await page.getByTestId("reproducibility").innerText()).toContain(
      "profile deepseek-reasoner",
    );
  });

  it("shows a result's reasoning beside the response, collapsed when long", async () => {
    const panel = page.locator("aside.result-panel");
    const reasoning = panel.getByTestId("reasoning");
    const response = panel.locator("section", { has: page.locator("h3", { hasText: "Response" }) });

    await page.goto(`${ui}/evaluations/${thought.id}/results?prompt=0`);
    await expect.poll(() => panel.locator("h2").textContent(), WAIT).toBe("Prompt #0");
    // Q1's reasoning is long: closed, its size on the summary; the response is the answer only.
    expect(await reasoning.locator("details").getAttribute("open")).toBeNull();
    expect(await reasoning.locator("summary").innerText()).toContain(
      `not scored · ${REASONING_TOKENS} tokens`,
    );
    expect(await response.locator("pre").innerText()).not.toContain("Step 1");
    expect(await panel.innerText()).toContain(`(${REASONING_TOKENS} reasoning)`);
    await screenshot(page, "sampling-03-reasoning-collapsed");
    await reasoning.locator("summary").click();
    expect(await reasoning.locator("pre").innerText()).toBe(LONG_REASONING);
    await screenshot(page, "sampling-04-reasoning-open");

    // Q2's is short: open from the start, apart from the response.
    await page.goto(`${ui}/evaluations/${thought.id}/results?prompt=1`);
    await expect.poll(() => panel.locator("h2").textContent(), WAIT).toBe("Prompt #1");
    expect(await reasoning.locator("details").getAttribute("open")).not.toBeNull();
    expect(await reasoning.locator("pre").innerText()).toBe(shortReasoning(2));
    expect(await response.locator("pre").innerText()).not.toContain(shortReasoning(2));
    await screenshot(page, "sampling-05-reasoning-short");
  });

  it("ran without script errors or CSP violations", () => {
    // The refused create is a 400 the browser logs; nothing else.
    expect(pageErrors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  });
});

import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Client } from "@assay/client";
import {
  findBuiltinBenchmark,
  readBenchmarkFile,
} from "@assay/server/src/catalog/benchmarks/index.ts";
import {
  createModel,
  importBuiltinFixture,
  runEvaluation,
  tenantOf,
} from "@assay/test-kit/evaluation-fixtures.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { fixtureDefinition } from "@assay/test-kit/fixture-definition.ts";
import type { TestService } from "@assay/test-kit/test-service.ts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, screenshot, signedInPage } from "./support/browser.ts";
import { addFakeModel, startDashboardService } from "./support/dashboard-service.ts";

/**
 * The Benchmarks view in Chromium against a real service on SQLite or PostgreSQL (DATABASE_URL):
 * a dataset upload the server refuses (a blank name: 400 by the field; bad rows: 422 listing the
 * lines) and then accepts, its prompts browsed page by page and searched by field, and smart
 * benchmarks written by a fake generator model, followed from generating to ready, or failed.
 */

let service: TestService;
let generator: FakeModelServer;
let browser: Browser;
let page: Page;
let pageErrors: string[];
let client: Client;
let ui: string;

/** Page loads, lazy chunks and API reads on a busy machine: more than expect.poll's 1 s. */
const WAIT = { timeout: 5000 };

/** The generator answers only once the test opens this gate: "generating" can be seen first. */
let openGate: () => void = () => {};
const gate = new Promise<void>((resolve) => {
  openGate = resolve;
});
const GENERATED = [
  { question: "How many days does a customer have to ask for a refund?", answer: "30" },
  { question: "Who pays the return shipping of a faulty item?", answer: "the shop" },
  { question: "In what form is a refund paid back?", answer: "to the original card" },
];

const CAPITALS = [
  ["France", "Paris"],
  ["Italy", "Rome"],
  ["Spain", "Madrid"],
  ["Japan", "Tokyo"],
  ["Kenya", "Nairobi"],
] as const;
/** 30 rows: 2 pages of 25. Row 3 asks for Madrid, row 5 (chat messages) for Nairobi; 6–30 are sums. */
const goodRows = [
  ...CAPITALS.map(([country, city]) => ({
    input:
      country === "Kenya"
        ? [
            { role: "system", content: "Answer with one word." },
            { role: "user", content: `What is the capital of ${country}?` },
          ]
        : `What is the capital of ${country}?`,
    truth: city,
    subset: "capitals",
  })),
  ...Array.from({ length: 25 }, (_, i) => ({
    input: `What is ${i + 1} + ${i + 2}?`,
    truth: String(2 * i + 3),
    subset: "sums",
  })),
];
const goodFile = `${goodRows.map((row) => JSON.stringify(row)).join("\n")}\n`;
/** Line 2 has no truth, line 4 is not JSON; the others are fine. */
const badFile = [
  JSON.stringify(goodRows[0]),
  JSON.stringify({ input: "What is the capital of Italy?" }),
  JSON.stringify(goodRows[2]),
  '{"input": "What is the capital of Japan?", "truth": "Tokyo"',
  JSON.stringify(goodRows[4]),
].join("\n");

beforeAll(async () => {
  [generator, browser] = await Promise.all([
    startFakeModelServer({
      behavior: async () => {
        await gate;
        return { content: JSON.stringify({ items: GENERATED }) };
      },
    }),
    launchChromium(),
  ]);
  ({ service, ui, client } = await startDashboardService({
    ASSAY_GENERATOR_MODEL: "fake/generator",
    ASSAY_MODEL_MAX_ATTEMPTS: "1",
  }));
  await addFakeModel(client, "fake/generator", generator);

  ({ page, pageErrors } = await signedInPage(browser, ui, service.apiKey, {
    viewport: { width: 1240, height: 900 },
    timeoutMs: 8000,
  }));
}, 120_000);

afterAll(async () => {
  openGate();
  await browser?.close();
  await service?.close();
  await generator?.close();
});

const uploadForm = () => page.getByRole("form", { name: "Upload a custom benchmark" });
const smartForm = () => page.getByRole("form", { name: "Generate a smart benchmark" });
const row = (name: string) => page.locator("tr[data-benchmark-id]", { hasText: name });

describe("the Benchmarks view in Chromium", () => {
  it("lists the project's benchmarks from the nav link", async () => {
    await page.getByRole("link", { name: "Benchmarks", exact: true }).click();
    await page.waitForURL(`${ui}/benchmarks`, WAIT);
    const attached = (await client.benchmarks.get()).benchmarks;
    await expect
      .poll(() => page.locator("tr[data-benchmark-id]").count(), WAIT)
      .toBe(attached.length);
    expect(await page.locator(".page-head .count").textContent()).toBe(String(attached.length));
    await screenshot(page, "benchmarks-01-list");
  });

  it("shows the server's refusals by their fields, keeps what was typed, then uploads", async () => {
    await page.getByRole("button", { name: "Upload a dataset" }).click();
    const form = uploadForm();
    const name = form.getByLabel("Name");
    // Blank after trimming: the browser lets it through, the server refuses the field (400).
    await name.fill("   ");
    await form.getByLabel("Description").fill("Capitals, then sums");
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: "quiz.jsonl", mimeType: "", buffer: Buffer.from(badFile) });
    expect(await form.locator(".chosen-files").textContent()).toContain("quiz.jsonl");
    await form.getByRole("button", { name: "Upload and create" }).click();
    await expect.poll(() => form.locator("#error-body-name").textContent(), WAIT).toMatch(/\S/);
    expect(await name.getAttribute("aria-invalid")).toBe("true");

    // A name now; the file's bad rows are refused (422), every one listed with its line.
    await name.fill("Capitals quiz");
    await form.getByRole("button", { name: "Upload and create" }).click();
    const lines = form.locator(".line-errors li");
    await expect.poll(() => lines.count(), WAIT).toBe(2);
    const listed = await lines.allTextContents();
    expect(listed[0]).toMatch(/^line 2: truth/);
    expect(listed[1]).toMatch(/^line 4: /);
    expect(await form.locator(".line-errors p").textContent()).toContain(
      "quiz.jsonl was refused and nothing was imported",
    );
    // Nothing typed is lost, the file stays chosen, nothing was created.
    expect(await name.inputValue()).toBe("Capitals quiz");
    expect(await form.getByLabel("Description").inputValue()).toBe("Capitals, then sums");
    expect(await form.locator(".chosen-files").textContent()).toContain("quiz.jsonl");
    expect(await form.locator("#error-body-name").count()).toBe(0);
    expect(await client.benchmarks.getByKey("capitals-quiz")).toBeUndefined();
    await screenshot(page, "benchmarks-02-line-errors");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "benchmarks-02b-line-errors-dark");
    await page.emulateMedia({ colorScheme: "light" });

    // The fixed file, dropped on the form this time.
    // Built in the page (a string: this file is checked without DOM types).
    const drop = await page.evaluateHandle(`(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([${JSON.stringify(goodFile)}], "quiz.jsonl"));
      return transfer;
    })()`);
    await form.locator(".file-drop").dispatchEvent("drop", { dataTransfer: drop });
    expect(await form.locator(".chosen-files li").count()).toBe(1);
    // The listed lines were the old file's: choosing another clears them.
    expect(await form.locator(".line-errors").count()).toBe(0);
    expect(await form.locator(".chosen-files").textContent()).toContain("KiB");
    await form.getByRole("button", { name: "Upload and create" }).click();
    await expect
      .poll(() => form.locator(".notice").textContent(), WAIT)
      .toContain("Benchmark created.");
    expect(await form.locator(".line-errors").count()).toBe(0);
    expect(await name.inputValue()).toBe("");

    const created = row("Capitals quiz");
    await expect.poll(() => created.count(), WAIT).toBe(1);
    const cells = await created.locator("td").allTextContents();
    expect(cells.slice(0, 4)).toEqual(["Capitals quizcapitals-quiz", "custom", "ready", "30"]);
    await screenshot(page, "benchmarks-03-uploaded");
  });

  it("browses the prompts a page at a time and searches a field", async () => {
    await row("Capitals quiz").getByRole("link", { name: "Capitals quiz" }).click();
    const id = (await client.benchmarks.getByKey("capitals-quiz"))?.id as string;
    await page.waitForURL(`${ui}/benchmarks/${id}`, WAIT);
    const rows = page.locator("table.prompts tbody tr");
    await expect.poll(() => rows.count(), WAIT).toBe(25);
    expect(await page.locator(".prompt-tools .count").textContent()).toBe("30 prompts");
    expect(await page.locator(".pager").textContent()).toContain("page 1 of 2");
    const evaluate = page.getByRole("link", { name: "Evaluate a model on this" });
    expect(await evaluate.getAttribute("href")).toBe(`/ui/evaluations/new?benchmark=${id}`);

    await page.getByRole("button", { name: "Next →" }).click();
    await page.waitForURL(/[?&]page=2/, WAIT);
    await expect.poll(() => rows.count(), WAIT).toBe(5);
    expect(await rows.last().locator("td").allTextContents()).toEqual([
      "30",
      "What is 25 + 26?",
      "51",
      "sums",
    ]);

    // One subset: the choices count their prompts; the page starts over.
    const subset = page.getByLabel("Subset");
    expect(await subset.locator("option").allTextContents()).toEqual([
      "all",
      "capitals (5)",
      "sums (25)",
    ]);
    await subset.selectOption("capitals");
    await page.waitForURL(/[?&]subset=capitals/, WAIT);
    expect(page.url()).not.toContain("page=2");
    // (Page 2 also had 5 rows: wait for the count, which changes only with the answer.)
    await expect
      .poll(() => page.locator(".prompt-tools .count").textContent(), WAIT)
      .toBe("5 of 30 prompts match");
    expect(await rows.count()).toBe(5);
    expect(await rows.first().locator("td").nth(3).textContent()).toBe("capitals");

    // A chat prompt: its last user message in the table, whole (the capitals share the start
    // of a question, which is no opening to take off), every message in the panel; j/k move.
    const panel = page.getByRole("complementary", { name: "prompt" });
    expect(await rows.nth(4).locator("td").nth(1).textContent()).toBe(
      "What is the capital of Kenya?",
    );
    expect(await page.getByTestId("shared-opening").count()).toBe(0);
    await rows.nth(4).getByRole("button").click();
    await expect
      .poll(() => panel.locator(".messages .role").allTextContents(), WAIT)
      .toEqual(["system", "user"]);
    expect(await panel.locator(".messages .text-block").allTextContents()).toEqual([
      "Answer with one word.",
      "What is the capital of Kenya?",
    ]);
    await page.keyboard.press("k");
    await expect.poll(() => panel.locator(".truth").textContent(), WAIT).toBe("Tokyo");
    await page.keyboard.press("j");
    await expect.poll(() => panel.locator(".truth").textContent(), WAIT).toBe("Nairobi");
    await screenshot(page, "benchmarks-04a-messages");

    // Search the expected answers: only the row whose truth holds "Madrid" is left.
    await page.getByLabel("Search in").selectOption("truth");
    await page.getByLabel("Search", { exact: true }).fill("madrid");
    await page.waitForURL(/search=truth.*q=madrid|q=madrid.*search=truth/, WAIT);
    await expect
      .poll(() => page.locator(".prompt-tools .count").textContent(), WAIT)
      .toBe("1 of 30 prompts match");
    expect(await rows.count()).toBe(1);

    // The row opens the whole prompt beside the table; Escape closes it.
    await rows.first().getByRole("button").click();
    // The router quotes a string that looks like a number: `open="3"`.
    await page.waitForURL(/[?&]open=(%22)?3(%22)?(&|$)/, WAIT);
    expect(await panel.locator(".text-block").first().textContent()).toBe(
      "What is the capital of Spain?",
    );
    expect(await panel.locator(".truth").textContent()).toBe("Madrid");
    await screenshot(page, "benchmarks-04-prompt-browser");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "benchmarks-05-prompt-browser-dark");
    await page.emulateMedia({ colorScheme: "light" });
    await page.keyboard.press("Escape");
    await expect.poll(() => panel.count(), WAIT).toBe(0);

    // The URL is the view: reloading keeps the search.
    await page.reload();
    await expect.poll(() => rows.count(), WAIT).toBe(1);
    expect(await page.getByLabel("Search", { exact: true }).inputValue()).toBe("madrid");

    // A search that finds nothing says what to do.
    await page.getByLabel("Search", { exact: true }).fill("Atlantis");
    await expect
      .poll(() => page.locator(".prompt-browser .empty").textContent(), WAIT)
      .toContain("No prompt of subset capitals has “Atlantis” in its truth");
  });

  it("follows a smart benchmark from generating to ready without a reload", async () => {
    await page.goto(`${ui}/benchmarks`);
    await page.evaluate('window.marker = "same page"');
    await page.getByRole("button", { name: "Generate from documents" }).click();
    const form = smartForm();
    await form.getByLabel("Name").fill("Refund policy");
    await form.getByLabel("What it should test").fill("Support agents' knowledge of refunds");
    await form.locator('input[type="file"]').setInputFiles({
      name: "refunds.md",
      mimeType: "text/markdown",
      buffer: Buffer.from(
        "# Refunds\n\nCustomers may ask for a refund within 30 days. The shop pays the return " +
          "shipping of faulty items. Refunds are paid to the original card.\n",
      ),
    });
    await form.getByRole("button", { name: "Upload and generate" }).click();

    const smart = row("Refund policy");
    await expect.poll(() => smart.locator(".status").textContent(), WAIT).toBe("generating");
    expect(await smart.locator("td").nth(1).textContent()).toBe("smart");
    await screenshot(page, "benchmarks-06-generating");

    openGate();
    await expect
      .poll(() => smart.locator(".status").textContent(), { timeout: 15_000 })
      .toBe("ready");
    expect(await smart.locator(".status-reason").textContent()).toBe(
      "3 questions written from 1 documents",
    );
    expect(await smart.locator("td").nth(3).textContent()).toBe("3");
    expect(await smart.locator("td").nth(5).textContent()).toBe("refunds.md");
    expect(await page.evaluate("window.marker")).toBe("same page");

    // Its prompts were written by the generator: the browser finds one.
    await smart.getByRole("link", { name: "Refund policy" }).click();
    await page.getByLabel("Search", { exact: true }).fill("return shipping");
    const rows = page.locator("table.prompts tbody tr");
    await expect.poll(() => rows.count(), WAIT).toBe(1);
    expect(await rows.first().locator("td").nth(2).textContent()).toBe("the shop");
    expect(await rows.first().locator("td").nth(3).textContent()).toBe("refunds.md");
  });

  it("shows why a smart benchmark failed", async () => {
    generator.setBehavior(() => ({ content: "Sorry, I cannot help with that." }));
    await page.goto(`${ui}/benchmarks`);
    await page.getByRole("button", { name: "Generate from documents" }).click();
    const form = smartForm();
    await form.getByLabel("Name").fill("Unhelpful");
    await form.locator('input[type="file"]').setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("The warehouse opens at 8 am and closes at 6 pm on weekdays.\n"),
    });
    await form.getByRole("button", { name: "Upload and generate" }).click();
    const failed = row("Unhelpful");
    await expect
      .poll(() => failed.locator(".status").textContent(), { timeout: 15_000 })
      .toBe("failed");
    expect(await failed.locator(".status-reason").textContent()).toContain(
      "the generator model returned no usable questions",
    );
    expect(await failed.getByRole("link", { name: "Evaluate a model" }).count()).toBe(0);
    await screenshot(page, "benchmarks-07-failed");
    // The browser logs the refusals the first test asked for; nothing else went wrong.
    expect(
      pageErrors.filter((e) => !/the server responded with a status of (400|422)/.test(e)),
    ).toEqual([]);
  });

  it("states a built-in's source, license, template, extraction and scorer in words", async () => {
    const gsm8k = findBuiltinBenchmark("gsm8k")!;
    await page.goto(`${ui}/benchmarks/${gsm8k.id}`);
    const facts = page.locator(".benchmark-facts");
    await expect.poll(() => facts.textContent(), WAIT).toContain(gsm8k.scoring.answer_extraction);
    expect(await page.getByTestId("license").textContent()).toBe("MIT");
    expect(await facts.locator(`a[href="${gsm8k.source.homepage}"]`).count()).toBe(1);
    expect(await facts.locator(".prompt-template").textContent()).toBe(
      gsm8k.scoring.prompt_template,
    );
    await screenshot(page, "benchmarks-01b-builtin-facts");
  });

  it("shows the figures a benchmark reports besides accuracy on a finished run's page", async () => {
    // IFEval's fixture (server/test/fixtures/benchmarks/ifeval), answered as its answers.jsonl says.
    const ifeval = findBuiltinBenchmark("ifeval")!;
    const dir = resolve(import.meta.dirname, "../../server/test/fixtures/benchmarks/ifeval");
    const file = join(dir, ifeval.source.filename);
    const answers = readFileSync(join(dir, "answers.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { id: string; response: string });
    const { prompts } = await readBenchmarkFile(fixtureDefinition(ifeval, answers.length), file);
    const byPrompt = new Map(
      prompts.map((p) => [p.input, answers.find((a) => a.id === p.id)!.response]),
    );
    const answerer = await startFakeModelServer({
      behavior: ({ lastUserMessage }) => ({ content: byPrompt.get(lastUserMessage) ?? "?" }),
    });
    try {
      const tenant = await tenantOf(service);
      const done = await runEvaluation(service, tenant, {
        model_id: await createModel(service, tenant, answerer.url, "fake/ifeval"),
        dataset_id: await importBuiltinFixture(service, "ifeval", file, answers.length),
      });
      expect(done.accuracy).toBeCloseTo(3 / 5, 10);
      await page.goto(`${ui}/evaluations/${done.id}`);
      const figures = page.getByTestId("benchmark-figure");
      await expect.poll(() => figures.count(), WAIT).toBe(3);
      expect(await figures.locator("th").allTextContents()).toEqual([
        "prompt level loose",
        "instruction level strict",
        "instruction level loose",
      ]);
      expect((await figures.locator("td").allTextContents()).map((t) => t.split(" ")[0])).toEqual([
        "80.0%",
        "75.0%",
        "87.5%",
      ]);
      await figures.first().scrollIntoViewIfNeeded();
      await screenshot(page, "benchmarks-08-figures");
    } finally {
      await answerer.close();
    }
  });
});

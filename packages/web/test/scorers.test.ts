import type { Client, Evaluation } from "@assay/client";
import type { Scorer } from "@assay/protocol";
import {
  type FakeBehavior,
  type FakeModelServer,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import type { TestService } from "@assay/test-kit/test-service.ts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, screenshot, signedInPage } from "./support/browser.ts";
import { addFakeModel, startDashboardService } from "./support/dashboard-service.ts";

/**
 * The Scorers view and scorer figures in Chromium against a real service (SQLite, or PostgreSQL
 * with DATABASE_URL): a scorer created through the form (first refused by the server, inline,
 * nothing typed lost), edited and deleted; a custom benchmark naming it in `custom_scorers` run to
 * the end against fake models; its mean with the interval on the Evaluation page and each
 * prompt's grade and reason in the Results panel.
 */

/** "Say <word>": answered right except `delta`. */
const WORDS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"];
const RUBRIC = "Pass answers about a word from a to d, fail the others.";

const modelUnderTest: FakeBehavior = ({ lastUserMessage }) => {
  const word = lastUserMessage.replace("Say ", "");
  return { content: word === "delta" ? "echo" : word };
};

/** The scorer's model: reads the graded question inside its nonce tags; a–d pass (4 of 8). */
const graderModel: FakeBehavior = ({ body }) => {
  const text = (body.messages as { content: string }[]).map((m) => m.content).join("\n");
  const word = /<question-[0-9a-f]+>\nSay (\w+)\n/.exec(text)?.[1] ?? "";
  const early = word !== "" && word < "e";
  return {
    content: JSON.stringify({
      score: early ? 1 : 0,
      passed: early,
      reason: `${word} is ${early ? "early" : "late"} in the alphabet`,
    }),
  };
};

let service: TestService;
let modelFake: FakeModelServer;
let graderFake: FakeModelServer;
let browser: Browser;
let page: Page;
let pageErrors: string[];
let client: Client;
let ui: string;
let graderId: string;
let scorer: Scorer;
let evaluation: Evaluation;
const WAIT = { timeout: 10_000 };
const row = (name: string) => page.locator(`.scorers-table tr[data-scorer="${name}"]`);

beforeAll(async () => {
  [modelFake, graderFake, browser] = await Promise.all([
    startFakeModelServer({ behavior: modelUnderTest }),
    startFakeModelServer({ behavior: graderModel }),
    launchChromium(),
  ]);
  ({ service, ui, client } = await startDashboardService());
  await addFakeModel(client, "fake/answers", modelFake);
  graderId = (await addFakeModel(client, "fake/grader", graderFake)).id;

  ({ page, pageErrors } = await signedInPage(browser, ui, service.apiKey, {
    viewport: { width: 1280, height: 900 },
  }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await modelFake?.close();
  await graderFake?.close();
});

describe("the Scorers view in Chromium", () => {
  it("explains scorers when there are none", async () => {
    await page.getByRole("link", { name: "Scorers", exact: true }).click();
    await page.waitForURL(`${ui}/scorers`);
    const empty = page.locator(".empty");
    await empty.getByText("No scorers in this project yet").waitFor(WAIT);
    expect(await empty.textContent()).toContain('"custom_scorers"');
    expect(await empty.textContent()).toContain("--scorers");
  });

  it("shows the server's refusal under the field and keeps what was typed, then creates", async () => {
    await page.getByLabel("Name").fill("Early letters");
    await page.getByLabel("Description").fill("a to d");
    await page.getByLabel("Model").selectOption(graderId);
    // Too short for the server (at least 10 characters): nothing checks it in the page.
    await page.getByLabel("Prompt (rubric)").fill("Early?");
    await page.getByRole("button", { name: "Create scorer" }).click();
    const error = page.locator("#error-body-prompt");
    await error.waitFor(WAIT);
    expect(await error.textContent()).toContain("at least 10 characters");
    expect(await page.getByLabel("Prompt (rubric)").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel("Name").inputValue()).toBe("Early letters");
    expect(await page.getByLabel("Description").inputValue()).toBe("a to d");
    expect(await page.getByLabel("Model").inputValue()).toBe(graderId);
    expect((await client.scorers.getMany()).totalCount).toBe(0);
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "scorers-01-refused-dark");
    await page.emulateMedia({ colorScheme: "light" });

    await page.getByLabel("Prompt (rubric)").fill(RUBRIC);
    await page.getByRole("button", { name: "Create scorer" }).click();
    await page.getByRole("status").getByText("Created the scorer Early letters.").waitFor(WAIT);
    await row("Early letters").waitFor(WAIT);
    expect(await page.locator("#error-body-prompt").count()).toBe(0);
    // The form is empty again for the next one.
    expect(await page.getByLabel("Name").inputValue()).toBe("");
    const list = await client.scorers.getMany();
    expect(list.scorers).toHaveLength(1);
    scorer = list.scorers[0] as Scorer;
    expect(scorer).toMatchObject({
      name: "Early letters",
      description: "a to d",
      model_id: graderId,
      prompt: RUBRIC,
    });
    expect(await row("Early letters").textContent()).toContain(scorer.id);
  });

  it("edits a scorer in place and deletes another after asking", async () => {
    await page.getByRole("button", { name: "Edit Early letters" }).click();
    await page.getByRole("heading", { name: "Edit Early letters" }).waitFor(WAIT);
    expect(await page.getByLabel("Prompt (rubric)").inputValue()).toBe(RUBRIC);
    await page.getByLabel("Description").fill("");
    await page.getByLabel("Description").fill("words from a to m");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByRole("status").getByText("Saved the scorer Early letters.").waitFor(WAIT);
    await row("Early letters").getByText("words from a to m").waitFor(WAIT);
    expect((await client.scorers.get(scorer.id)).description).toBe("words from a to m");

    await client.scorers.create({ name: "Spare", model_id: graderId, prompt: RUBRIC });
    await page.reload();
    await row("Spare").waitFor(WAIT);
    await screenshot(page, "scorers-02-list");
    await page.getByRole("button", { name: "Delete Spare…" }).click();
    await page.getByRole("button", { name: "Delete Spare", exact: true }).click();
    await row("Spare").waitFor({ state: "detached", ...WAIT });
    expect((await client.scorers.getMany()).scorers.map((s) => s.name)).toEqual(["Early letters"]);
  });

  it("shows the scorer's mean with its interval on the Evaluation page", async () => {
    const { benchmark_id } = await client.benchmarks.createCustom({
      name: "Words",
      description: "say the word",
      file: new TextEncoder().encode(
        `${WORDS.map((w) => JSON.stringify({ input: `Say ${w}`, truth: w })).join("\n")}\n`,
      ),
      filename: `words-${crypto.randomUUID()}.jsonl`,
      custom_scorers: [scorer.id],
    });
    const answers = await client.models.getByKey("fake/answers");
    if (!answers) throw new Error("no model");
    const created = await client.evaluations.create(
      answers,
      await client.benchmarks.getById(benchmark_id),
    );
    evaluation = await client.evaluations.waitForCompletion(created, { intervalMs: 200 });
    expect(evaluation.status).toBe("success");
    const stats = evaluation.assay.scorers?.[0];
    // alpha, bravo, charlie, delta pass: a pass rate of 4/8 with Wilson's interval.
    expect(stats).toMatchObject({
      id: scorer.id,
      name: "Early letters",
      n: 8,
      failed: 0,
      mean: 0.5,
      interval: "wilson",
    });

    await page.goto(`${ui}/evaluations/${evaluation.id}`);
    const line = page.locator('.scorer-summary tr[data-scorer="Early letters"]');
    await line.waitFor(WAIT);
    const cells = await line.locator("td").allTextContents();
    const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
    if (!stats?.ci95 || stats.mean === null) throw new Error("no scorer figures");
    expect(cells[0]).toBe(`${pct(stats.mean)} [${pct(stats.ci95.low)}, ${pct(stats.ci95.high)}]`);
    expect(cells.slice(2, 5)).toEqual(["8", "0", stats.interval === "wilson" ? "Wilson" : "t"]);
    await screenshot(page, "scorers-03-evaluation");
  });

  it("shows each prompt's grade and reason in the Results panel", async () => {
    const results = await client.results.getAllById(evaluation.id);
    const hotel = results.find((r) => r.prompt.includes("Say hotel"));
    const alpha = results.find((r) => r.prompt.includes("Say alpha"));
    if (!hotel || !alpha) throw new Error("results missing");
    const panel = page.locator("aside.result-panel");
    await page.goto(`${ui}/evaluations/${evaluation.id}/results?prompt=${hotel.position}`);
    const grade = panel.locator('.scorer-scores li[data-scorer="Early letters"]');
    await grade.waitFor(WAIT);
    expect(await grade.innerText()).toContain("0.00 · fail");
    expect(await grade.innerText()).toContain("hotel is late in the alphabet");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "scorers-04-result-panel-dark");
    await page.emulateMedia({ colorScheme: "light" });
    expect(hotel.scorer_scores?.[scorer.id]).toMatchObject({ score: 0, passed: false });
    expect(alpha.scorer_scores?.[scorer.id]?.reason).toBe("alpha is early in the alphabet");
  });

  it("ran without script errors (the refused create is the one 400)", () => {
    expect(pageErrors.filter((e) => !/responded with a status of 400/.test(e))).toEqual([]);
  });
});

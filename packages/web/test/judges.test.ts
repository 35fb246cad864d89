import type { Client } from "@assay/client";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import type { TestService } from "@assay/test-kit/test-service.ts";
import { judgeBehavior } from "@assay/test-kit/trace-evaluation-fixtures.ts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, screenshot, signedInPage } from "./support/browser.ts";
import { addFakeModel, startDashboardService } from "./support/dashboard-service.ts";

/**
 * The Judges view in Chromium against a real service on SQLite or PostgreSQL (DATABASE_URL) and
 * a fake judge endpoint (the server tests' judge: a trace that names Paris passes): a judge
 * created through the form (first refused by the server for a too-short goal), its goal edited
 * into a second version shown as a word diff, then run on traces picked by search with the cost
 * estimate confirmed first, followed to the end, with its verdicts, reasoning and the trace cut
 * to fit the judge model's context flagged; people's labels then show as agreement in the list.
 */

let service: TestService;
let fake: FakeModelServer;
let browser: Browser;
let page: Page;
let pageErrors: string[];
let client: Client;
let ui: string;
let judgeId: string;
const traceIds: Record<string, string> = {};
const WAIT = { timeout: 10_000 };

const GOAL_V1 = "The assistant must name the capital city the user asks about.";
const GOAL_V2 = "The assistant must name the correct capital city the user asks about, briefly.";

beforeAll(async () => {
  [fake, browser] = await Promise.all([
    // Slow enough that the runs are seen pending or running before they end.
    startFakeModelServer({ behavior: judgeBehavior(), latencyMs: 400 }),
    launchChromium(),
  ]);
  ({ service, ui, client } = await startDashboardService({ ASSAY_JOB_POLL_INTERVAL_MS: "50" }));
  await addFakeModel(client, "fake/judge", fake);
  // Past a custom model's 8,192-token context: the judge gets its start and end, not its middle.
  const filler = "The city has many museums, bridges and cafés along the river. ".repeat(900);
  const records = [
    { input: "What is the capital of France?", output: "Paris." },
    { input: "What is the capital of France?", output: "Lyon." },
    { input: "Name the capital of Japan", output: "Tokyo." },
    { input: "Describe France at length", output: `Paris. ${filler} Paris.` },
    { input: "Say hello", output: "Hello!" },
  ];
  const { trace_ids } = await client.traces.upload({
    data: new TextEncoder().encode(`${records.map((r) => JSON.stringify(r)).join("\n")}\n`),
    filename: "support-log.jsonl",
  });
  ["paris", "lyon", "tokyo", "long", "hello"].forEach((name, i) => {
    traceIds[name] = trace_ids[i]!;
  });

  ({ page, pageErrors } = await signedInPage(browser, ui, service.apiKey, {
    viewport: { width: 1280, height: 900 },
  }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await fake?.close();
});

describe("the Judges view in Chromium", () => {
  it("says what to do with no judges, and shows the server's refusal under the goal", async () => {
    await page.getByRole("link", { name: "Judges", exact: true }).click();
    await page.waitForURL(`${ui}/judges`);
    await expect.poll(() => page.locator(".empty").textContent(), WAIT).toContain("No judges");

    const form = page.locator("form.judge-form");
    await form.getByLabel("Name").fill("Capital checker");
    await form.getByLabel("Judge model").selectOption({ label: "fake/judge" });
    await form.getByLabel("Evaluation goal").fill("too short");
    await form.getByRole("button", { name: "Create judge" }).click();

    const goalError = page.locator("#error-body-evaluation_goal");
    await expect.poll(() => goalError.textContent(), WAIT).toContain("at least 10 characters");
    expect(await form.getByLabel("Evaluation goal").getAttribute("aria-invalid")).toBe("true");
    expect(await form.getByLabel("Name").inputValue()).toBe("Capital checker");
    expect(await form.getByLabel("Evaluation goal").inputValue()).toBe("too short");
    expect((await client.judges.getMany()).totalCount).toBe(0);
    await screenshot(page, "judges-01-refused");

    await form.getByLabel("Evaluation goal").fill(GOAL_V1);
    await form.getByRole("button", { name: "Create judge" }).click();
    const row = page.locator("tr[data-judge-id]");
    await expect.poll(() => row.count(), WAIT).toBe(1);
    judgeId = (await row.getAttribute("data-judge-id")) ?? "";
    const cells = await row.locator("td").allTextContents();
    expect(cells.slice(1, 6)).toEqual(["fake/judge", "v1", "0", "0", "—"]);
    expect(await page.locator(".notice").textContent()).toContain("Created Capital checker");
    expect(await form.getByLabel("Name").inputValue()).toBe("");
  });

  it("edits the goal into a new version, shown as a word diff from the last", async () => {
    await page.getByRole("link", { name: "Capital checker" }).first().click();
    await page.waitForURL(`${ui}/judges/${judgeId}`);
    await page.getByRole("button", { name: "Edit (makes a new version)" }).click();
    const form = page.locator("form.judge-form");
    // Refused by the server under the field, what was typed kept, no version made.
    await form.getByLabel("Evaluation goal").fill("tiny");
    await form.getByRole("button", { name: "Save as a new version" }).click();
    await expect
      .poll(() => page.locator("#error-body-evaluation_goal").textContent(), WAIT)
      .toContain("at least 10 characters");
    expect(await form.getByLabel("Evaluation goal").inputValue()).toBe("tiny");
    expect((await client.judges.get(judgeId)).version).toBe(1);
    await form.getByLabel("Evaluation goal").fill(GOAL_V2);
    await form.getByRole("button", { name: "Save as a new version" }).click();
    await expect.poll(() => page.locator(".saved-note").textContent(), WAIT).toContain("v2");
    expect(await page.locator(".current-goal").textContent()).toBe(GOAL_V2);

    const v2 = page.locator('.goal-versions li[data-version="2"]');
    expect(await v2.locator("ins").allTextContents()).toEqual(["correct ", "about, briefly."]);
    expect(await v2.locator("del").allTextContents()).toEqual(["about."]);
    expect(await page.locator('.goal-versions li[data-version="1"] .goal-text').textContent()).toBe(
      GOAL_V1,
    );
    expect((await client.judges.get(judgeId)).version).toBe(2);
    // Links to the labelling workspace and the optimizer (their own views).
    expect(
      await page
        .getByRole("link", { name: "Label traces and see disagreements" })
        .getAttribute("href"),
    ).toBe(`/ui/judges/${judgeId}/annotate`);
    expect(await page.getByRole("link", { name: /Optimize the goal/ }).getAttribute("href")).toBe(
      `/ui/judges/${judgeId}/optimize`,
    );
  });

  it("runs on traces picked by search, the estimate confirmed first, to verdicts", async () => {
    const search = page.getByPlaceholder("Search traces (input, file name)…");
    await search.fill("capital");
    await expect.poll(() => page.locator(".picker-table tbody tr").count(), WAIT).toBe(3);
    await page.getByLabel("Select all traces on this page").check();
    await search.fill("at length");
    await expect.poll(() => page.locator(".picker-table tbody tr").count(), WAIT).toBe(1);
    await page.locator(`tr[data-trace-id="${traceIds.long}"] input[type=checkbox]`).check();
    expect(await page.locator(".picker-bar").textContent()).toContain("4 selected");

    await page.getByRole("button", { name: "Run on 4 traces…" }).click();
    const estimate = page.getByRole("region", { name: "cost estimate" });
    await estimate.waitFor(WAIT);
    const text = (await estimate.textContent()) ?? "";
    expect(text).toContain("4 judge calls to fake/judge");
    expect(text).toMatch(/about [\d.]+K tokens/);
    // A custom model has no prices: the cost is not known, not "$0".
    expect(await page.getByTestId("estimated-cost").textContent()).toBe("unknown");
    // Nothing runs before the confirmation.
    expect((await client.traceEvaluations.getMany({ judgeId })).totalCount).toBe(0);
    await screenshot(page, "judges-02-estimate");

    await estimate.getByRole("button", { name: "Confirm and run" }).click();
    const progress = page.getByTestId("verdict-progress");
    await expect.poll(() => progress.textContent(), WAIT).toMatch(/pending or running/);
    await screenshot(page, "judges-03-running");
    await expect
      .poll(() => progress.textContent(), { timeout: 20_000 })
      .toBe("All 4 finished · 2 of 4 passed");
    await screenshot(page, "judges-04-verdicts");

    const verdict = (name: string) =>
      page.locator(".verdicts-table tbody tr", {
        has: page.locator(`a[href="/ui/traces/${traceIds[name]}"]`),
      });
    expect(await verdict("paris").locator(".status").textContent()).toBe("pass");
    expect(await verdict("lyon").locator(".status").textContent()).toBe("fail");
    expect(await verdict("lyon").locator("td").nth(1).textContent()).toBe("v2");
    expect(await verdict("lyon").locator("td").nth(3).textContent()).toBe("0.10");
    // Named by its input and place in its file; no prices for a custom model: no cost shown.
    await expect
      .poll(() => verdict("lyon").locator("td").first().textContent(), WAIT)
      .toBe("What is the capital of France?support-log.jsonl #2");
    expect(await verdict("lyon").locator("td").nth(5).textContent()).toBe("—");
    // The reasoning opens on demand.
    const reasoning = verdict("lyon").locator("details");
    await reasoning.locator("summary").click();
    expect(await reasoning.locator("p").textContent()).toBe("The answer does not name Paris.");
    expect(await reasoning.locator("p").isVisible()).toBe(true);
    // The long trace was cut to fit the judge model's context, and says so; the others were not.
    expect(await verdict("long").locator(".truncated-flag").count()).toBe(1);
    expect(await page.locator(".truncated-flag").count()).toBe(1);
    expect(await verdict("long").locator(".status").textContent()).toBe("pass");
    expect(await verdict("hello").count()).toBe(0);
    // The picker's traces show the new verdicts too, once the runs have ended.
    await expect
      .poll(
        () => page.locator(`tr[data-trace-id="${traceIds.long}"] .last-verdict`).textContent(),
        WAIT,
      )
      .toBe("Capital checker v2: pass");
    await screenshot(page, "judges-05-reasoning");
  });

  it("shows people's labels as agreement with intervals in the list", async () => {
    // Three of four labels agree with the verdicts (the Lyon answer labelled a pass).
    await client.annotations.import(
      (["paris", "lyon", "tokyo", "long"] as const).map((name) => ({
        trace_id: traceIds[name]!,
        judge_id: judgeId,
        passed: name !== "tokyo",
      })),
    );
    await page.getByRole("link", { name: "Judges", exact: true }).click();
    await page.waitForURL(`${ui}/judges`);
    const row = page.locator(`tr[data-judge-id="${judgeId}"]`);
    await expect.poll(() => row.locator("td").nth(4).textContent(), WAIT).toBe("4");
    const { agreement } = await client.judges.get(judgeId);
    const figures = (await row.locator(".agreement-figures").textContent()) ?? "";
    expect(figures).toContain("75.0%");
    expect(figures).toContain(
      `[${(agreement.accuracy_interval!.low * 100).toFixed(1)}%, ${(agreement.accuracy_interval!.high * 100).toFixed(1)}%]`,
    );
    expect(figures).toContain(`κ ${agreement.kappa!.toFixed(2).replace("-", "−")}`);
    expect(figures).toContain("3 of 4 agree");
    expect(await row.locator("td").nth(3).textContent()).toBe("4");
    await screenshot(page, "judges-06-list");
  });

  it("deletes a judge after confirmation, and reads in dark mode", async () => {
    await client.judges.create({
      name: "Throwaway",
      evaluation_goal: "Anything at all goes here.",
    });
    await page.reload();
    const throwaway = page.locator("tr[data-judge-id]", { hasText: "Throwaway" });
    await throwaway.waitFor(WAIT);
    // The default judge model: none configured here, so the judge has none pinned.
    expect(await throwaway.locator("td").nth(1).textContent()).toBe("default judge model");
    page.once("dialog", (dialog) => void dialog.dismiss());
    await throwaway.getByRole("button", { name: "Delete" }).click();
    expect(await throwaway.count()).toBe(1);
    page.once("dialog", (dialog) => void dialog.accept());
    await throwaway.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => throwaway.count(), WAIT).toBe(0);
    expect((await client.judges.getMany()).totalCount).toBe(1);

    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "judges-07-list-dark");
    await page.goto(`${ui}/judges/${judgeId}`);
    await page.locator(".verdicts-table").waitFor(WAIT);
    await screenshot(page, "judges-08-judge-dark");
    const background = await page.evaluate(
      "getComputedStyle(document.documentElement).backgroundColor",
    );
    expect(background).toBe("rgb(15, 18, 23)");
    // The browser logs the two refusals provoked above; nothing else went wrong.
    const refusal =
      "console: Failed to load resource: the server responded with a status of 400 (Bad Request)";
    expect(pageErrors).toEqual([refusal, refusal]);
  });
});

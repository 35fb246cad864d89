import type { Client } from "@assay/client";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import type { TestService } from "@assay/test-kit/test-service.ts";
import { judgeBehavior } from "@assay/test-kit/trace-evaluation-fixtures.ts";
import { recordEvaluation } from "@assay/test-kit/trace-fixtures.ts";
import { otlpExport } from "@assay/test-kit/trace-samples.ts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, screenshot, signedInPage } from "./support/browser.ts";
import { addFakeModel, addParisJudge, startDashboardService } from "./support/dashboard-service.ts";

/**
 * The traces list as an observability tool (issue 31), in Chromium against a real service on
 * SQLite or PostgreSQL (DATABASE_URL): latency, tokens, cost, model, service, session and user
 * columns with sorting and filters; a judge run that errored shown as an error (not "…") in the
 * list, the run-on-traces table and the trace page, and filterable; the latest human label
 * beside the verdict; the trace page's totals, Run judge, Label and previous/next.
 */

let service: TestService;
let judgeServer: FakeModelServer;
let browser: Browser;
let page: Page;
let pageErrors: string[];
let client: Client;
let ui: string;
let judgeId: string;
/** app.jsonl's traces in file order: passed (and labelled fail), errored, pending, unjudged… */
let ids: string[];

const WAIT = { timeout: 8000 };

/** A self-hosted model's traces: its own prices make their cost. */
const localTrace = (n: number, latency: number, user: string, question: string) => ({
  input: question,
  output: n % 2 === 0 ? "Paris." : "I am not sure.",
  metadata: {
    model: "acme/local-llama",
    latency_ms: latency,
    user_id: user,
    session_id: `chat-${(n % 2) + 1}`,
    usage: { input_tokens: 1000 * n, output_tokens: 100 },
  },
});
const appTraces = [
  localTrace(1, 900, "ana", "What is the capital of France?"),
  localTrace(2, 300, "ben", "Which city hosts the Louvre?"),
  localTrace(3, 4200, "ana", "Where is the Eiffel Tower?"),
  localTrace(4, 1500, "carla", "Name the French capital."),
];

beforeAll(async () => {
  [judgeServer, browser] = await Promise.all([
    startFakeModelServer({ behavior: judgeBehavior() }),
    launchChromium(),
  ]);
  ({ service, ui, client } = await startDashboardService());
  judgeId = await addParisJudge(client, judgeServer);
  const local = await addFakeModel(client, "acme/local-llama", judgeServer);
  await client.models.updateCustom(local.id, {
    cost_per_input_token: "0.000001",
    cost_per_output_token: "0.000002",
  });
  const text = (records: readonly object[]) =>
    new TextEncoder().encode(`${records.map((r) => JSON.stringify(r)).join("\n")}\n`);
  ids = (await client.traces.upload({ filename: "app.jsonl", data: text(appTraces) })).trace_ids;
  await client.traces.upload({ filename: "otel.jsonl", data: text([otlpExport]) });

  // Verdicts as the judge left them: app #1 passed, #2 errored, #3 still waiting.
  const tenant = { key: service.apiKey, org: "", project: "" };
  const trace = await client.traces.get(ids[0] as string);
  tenant.org = trace.organization_id;
  tenant.project = trace.project_id;
  const now = Date.now();
  const at = (s: number) => new Date(now + s * 1000).toISOString();
  const passed = await recordEvaluation(service, tenant, {
    traceId: ids[0] as string,
    judgeId,
    createdAt: at(1),
    passed: true,
  });
  await recordEvaluation(service, tenant, {
    traceId: ids[1] as string,
    judgeId,
    createdAt: at(2),
    failed: true,
  });
  await recordEvaluation(service, tenant, { traceId: ids[2] as string, judgeId, createdAt: at(3) });
  // A person disagreed with the judge on #1.
  await client.annotations.put(passed, { passed: false, comment: "does not answer" });

  ({ page, pageErrors } = await signedInPage(browser, ui, service.apiKey, {
    viewport: { width: 1280, height: 900 },
    timeoutMs: 8000,
  }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await judgeServer?.close();
});

const row = (id: string | undefined) => page.locator(`tr[data-trace-id="${id}"]`);
const listedIds = () =>
  page.locator("tr[data-trace-id]").evaluateAll((rows) => rows.map((r) => r.dataset.traceId));

/** Screenshots at phone, laptop and wide widths, light and dark. */
async function widths(name: string) {
  for (const width of [390, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, `${name}-${width}`);
  }
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshot(page, `${name}-1920-dark`);
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe("traces like an observability tool, in Chromium", () => {
  it("shows a judge run that errored as an error, not as pending, and filters errors", async () => {
    await page.goto(`${ui}/traces?source=app.jsonl`);
    const errored = row(ids[1]).locator(".verdict");
    await expect.poll(() => errored.getAttribute("data-outcome"), WAIT).toBe("error");
    expect(await errored.textContent()).not.toContain("…");
    expect(await row(ids[2]).locator(".verdict").getAttribute("data-outcome")).toBe("pending");
    expect(await row(ids[0]).locator(".verdict").getAttribute("data-outcome")).toBe("pass");

    await page.getByLabel("Verdict").selectOption("error");
    await expect.poll(listedIds, WAIT).toEqual([ids[1]]);
    expect(page.url()).toContain("status=error");

    // The run-on-traces table of the judge's page.
    await page.goto(`${ui}/judges/${judgeId}`);
    const pickerRow = page.locator(`.trace-picker tr[data-trace-id="${ids[1]}"]`);
    await expect
      .poll(() => pickerRow.locator("[data-outcome]").getAttribute("data-outcome"), WAIT)
      .toBe("error");
    expect(await pickerRow.textContent()).not.toContain("…");

    // The trace page.
    await page.goto(`${ui}/traces/${ids[1]}`);
    const card = page.locator(".verdict-card .verdict");
    await expect.poll(() => card.getAttribute("data-outcome"), WAIT).toBe("error");
    expect(await page.locator(".verdict-card").textContent()).toContain(
      "the judge model answered 500",
    );
    await screenshot(page, "trace-columns-01-errored-trace");
  });

  it("lists latency, tokens, cost, model, service, user and session, and the latest label", async () => {
    await page.goto(`${ui}/traces`);
    const first = row(ids[0]);
    await expect.poll(() => first.count(), WAIT).toBe(1);
    const headers = await page.locator("table.traces thead th").allTextContents();
    for (const name of ["Latency", "Tokens", "Cost", "Model", "User", "session"])
      expect(headers.join(" | ")).toContain(name);
    const cell = (name: string) => first.locator(`td[data-column="${name}"]`).textContent();
    expect(await cell("latency")).toBe("900 ms");
    expect(await cell("tokens")).toBe("1,100");
    expect(await cell("cost")).toBe("$0.0012");
    expect(await cell("model")).toBe("acme/local-llama");
    expect(await cell("user")).toContain("ana");
    expect(await cell("user")).toContain("chat-2");
    // The person's label beside the judge's verdict: they disagree.
    const label = first.locator(".human-label");
    expect(await label.getAttribute("data-outcome")).toBe("fail");
    expect(await first.locator(".verdict").getAttribute("data-outcome")).toBe("pass");
    // OpenTelemetry: the export's service.name and the GenAI model, tokens and time.
    const otel = page.locator("tr[data-trace-id]", { hasText: "travel-assistant" });
    expect(await otel.count()).toBeGreaterThan(0);
    expect(await page.locator('td[data-column="model"]', { hasText: "gpt-4o" }).count()).toBe(1);
    await widths("trace-columns-02-list");
  });

  it("sorts on latency, tokens and cost from the column headers", async () => {
    await page.goto(`${ui}/traces?source=app.jsonl`);
    await expect.poll(() => listedIds().then((l) => l.length), WAIT).toBe(4);
    await page.getByRole("button", { name: "Latency" }).click();
    await expect.poll(listedIds, WAIT).toEqual([ids[2], ids[3], ids[0], ids[1]]);
    expect(page.url()).toContain("sort=duration_ms");
    expect(await page.locator('th[data-column="latency"]').getAttribute("aria-sort")).toBe(
      "descending",
    );
    await page.getByRole("button", { name: "Latency" }).click();
    await expect.poll(listedIds, WAIT).toEqual([ids[1], ids[0], ids[3], ids[2]]);
    await page.getByRole("button", { name: "Cost" }).click();
    await expect.poll(listedIds, WAIT).toEqual([ids[3], ids[2], ids[1], ids[0]]);
    await page.getByRole("button", { name: "Tokens" }).click();
    await expect.poll(listedIds, WAIT).toEqual([ids[3], ids[2], ids[1], ids[0]]);
  });

  it("filters by a model, user or session by clicking it, and by latency", async () => {
    await page.goto(`${ui}/traces`);
    await row(ids[0]).locator('td[data-column="user"] button', { hasText: "ana" }).click();
    // Newest first, a file's traces in file order.
    await expect.poll(listedIds, WAIT).toEqual([ids[0], ids[2]]);
    expect(page.url()).toContain("user=ana");
    const chip = page.locator(".summary-filters").getByRole("button", { name: /user ana/ });
    expect(await chip.count()).toBe(1);
    await chip.click();
    await expect.poll(() => listedIds().then((l) => l.length), WAIT).toBe(6);
    await page
      .locator('td[data-column="model"] button', { hasText: "acme/local-llama" })
      .first()
      .click();
    await expect.poll(() => listedIds().then((l) => l.length), WAIT).toBe(4);
    await page.getByLabel("Latency").selectOption("1000");
    await expect.poll(listedIds, WAIT).toEqual([ids[2], ids[3]]);
    await screenshot(page, "trace-columns-03-filtered");
  });

  it("shows a trace's totals, runs a judge on it, labels it, and steps to the next and previous", async () => {
    await page.goto(`${ui}/traces?source=app.jsonl&sort=duration_ms&order=desc`);
    await row(ids[2]).locator("td.input a").click();
    await page.waitForURL(new RegExp(`/traces/${ids[2]}`), WAIT);
    const totals = page.locator(".trace-totals");
    await expect.poll(() => totals.textContent(), WAIT).toContain("4.2 s");
    const text = await totals.textContent();
    for (const part of ["3,000", "100", "$0.0032", "acme/local-llama", "ana", "chat-2"])
      expect(text).toContain(part);

    // Next in the list's order (latency, longest first) is app #4, then back.
    await page.getByRole("link", { name: "Next trace" }).click();
    await page.waitForURL(new RegExp(`/traces/${ids[3]}`), WAIT);
    expect(page.url()).toContain("sort=duration_ms");
    await page.getByRole("link", { name: "Previous trace" }).click();
    await page.waitForURL(new RegExp(`/traces/${ids[2]}`), WAIT);

    // Run judge: the fake judge passes an answer naming Paris (#3 says "I am not sure": fail).
    await page.getByLabel("Judge to run").selectOption(judgeId);
    await page.getByRole("button", { name: "Run judge" }).click();
    const cards = page.locator(".verdict-card");
    await expect
      .poll(() => cards.first().locator(".verdict").getAttribute("data-outcome"), {
        timeout: 20_000,
      })
      .toBe("fail");

    // Label: the person's verdict on the judge's latest run.
    await cards.first().getByRole("button", { name: "Label pass" }).click();
    await expect
      .poll(() => cards.first().locator(".human-label").getAttribute("data-outcome"), WAIT)
      .toBe("pass");
    const evaluations = await client.traceEvaluations.getMany({ traceId: ids[2] });
    const latest = evaluations.traceEvaluations.find((e) => e.status === "success");
    expect((await client.annotations.get(latest?.id as string)).passed).toBe(true);
    await widths("trace-columns-04-trace-page");
    expect(pageErrors, pageErrors.join("\n")).toEqual([]);
  });
});

import type { Client } from "@assay/client";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import type { TestService } from "@assay/test-kit/test-service.ts";
import { judgeBehavior } from "@assay/test-kit/trace-evaluation-fixtures.ts";
import {
  agentRun,
  openAiLog,
  otlpExport,
  otlpExportContinued,
} from "@assay/test-kit/trace-samples.ts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, screenshot, signedInPage } from "./support/browser.ts";
import { addParisJudge, startDashboardService } from "./support/dashboard-service.ts";

/**
 * The Traces view in Chromium against a real service on SQLite or PostgreSQL (DATABASE_URL): a
 * file with bad lines refused with the lines listed, files of each shape uploaded (picked,
 * dropped, and one over a throttled connection to see the progress bar), verdicts of a fake
 * judge in the list, the filters in the URL, each shape in the viewer, raw JSON, delete, and a
 * 5 MiB trace opening.
 */

let service: TestService;
let judgeServer: FakeModelServer;
let browser: Browser;
let page: Page;
let pageErrors: string[];
let client: Client;
let ui: string;
let judgeId: string;

const WAIT = { timeout: 8000 };

const jsonl = (records: readonly object[]) =>
  `${records.map((record) => JSON.stringify(record)).join("\n")}\n`;

/** A second chat: the assistant answers without tools (Rome: the fake judge fails it). */
const romeChat = {
  messages: [
    { role: "user", content: "What is the capital of Italy?" },
    { role: "assistant", content: "Rome." },
  ],
};
/** A second agent run that mentions Paris: the fake judge passes it. */
const parisRun = {
  ...agentRun,
  trace_id: "tr-demo-043",
  events: [
    { event_type: "agent.input", payload: { message: "Book a table in Paris.", role: "human" } },
    { event_type: "agent.output", payload: { message: "Booked in Paris.", role: "assistant" } },
  ],
};
/** Line 2 is not JSON, line 3 not an object. */
const badFile = [JSON.stringify(openAiLog), '{"messages": [', "[1, 2]"].join("\n");

beforeAll(async () => {
  [judgeServer, browser] = await Promise.all([
    startFakeModelServer({ behavior: judgeBehavior() }),
    launchChromium(),
  ]);
  ({ service, ui, client } = await startDashboardService());
  judgeId = await addParisJudge(client, judgeServer);
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

const upload = () => page.getByRole("region", { name: "Upload traces" });
const rows = () => page.locator("tr[data-trace-id]");
const fileInput = () => upload().locator('input[type="file"]');

/** Drops a file on the drop zone, as a person dragging it from their desktop. */
async function dropFile(name: string, contents: string) {
  const transfer = await page.evaluateHandle(`(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([${JSON.stringify(contents)}], ${JSON.stringify(name)}));
    return transfer;
  })()`);
  await upload().locator(".file-drop").dispatchEvent("drop", { dataTransfer: transfer });
}

async function tracesOf(source: string) {
  return (await client.traces.getMany({ source })).traces;
}

describe("the Traces view in Chromium", () => {
  it("starts empty and says what to do", async () => {
    await page.getByRole("link", { name: "Traces", exact: true }).click();
    await page.waitForURL(`${ui}/traces`, WAIT);
    await expect.poll(() => page.locator(".empty").textContent(), WAIT).toContain("No traces");
    await screenshot(page, "traces-01-empty");
  });

  it("lists every bad line of a refused file inline, keeps it chosen, and creates nothing", async () => {
    await fileInput().setInputFiles({
      name: "broken.jsonl",
      mimeType: "",
      buffer: Buffer.from(badFile),
    });
    const lines = upload().locator(".line-errors li");
    await expect.poll(() => lines.count(), WAIT).toBe(2);
    const texts = await lines.allTextContents();
    expect(texts[0]).toMatch(/^line 2: /);
    expect(texts[1]).toMatch(/^line 3: /);
    expect(await upload().locator(".chosen-files").textContent()).toContain("broken.jsonl");
    expect(await upload().getByRole("button", { name: "Send broken.jsonl again" }).count()).toBe(1);
    expect((await client.traces.getMany()).totalCount).toBe(0);
    await screenshot(page, "traces-02-line-errors");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "traces-02b-line-errors-dark");
    await page.emulateMedia({ colorScheme: "light" });
  });

  it("uploads a file of each shape, picked or dropped, with a progress bar", async () => {
    await fileInput().setInputFiles({
      name: "chats.jsonl",
      mimeType: "",
      buffer: Buffer.from(jsonl([openAiLog, romeChat])),
    });
    await expect
      .poll(() => upload().locator(".notice").textContent(), WAIT)
      .toContain("2 traces created from chats.jsonl");
    expect(await upload().locator(".line-errors").count()).toBe(0);

    await dropFile("spans.jsonl", jsonl([otlpExport, otlpExportContinued]));
    await expect
      .poll(() => upload().locator(".notice").textContent(), WAIT)
      .toContain("2 traces created from spans.jsonl");

    // Over a slow connection the bar shows how much of the file has been sent.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 200 * 1024,
    });
    const padding = { notes: "x".repeat(400 * 1024) };
    await dropFile("agents.jsonl", jsonl([{ ...agentRun, ...padding }, parisRun]));
    const bar = upload().locator("progress");
    await expect.poll(() => bar.count(), WAIT).toBe(1);
    await expect.poll(async () => Number(await bar.getAttribute("value")), WAIT).toBeGreaterThan(0);
    const max = Number(await bar.getAttribute("max"));
    expect(Number(await bar.getAttribute("value"))).toBeLessThan(max);
    await screenshot(page, "traces-03-progress");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect
      .poll(() => upload().locator(".notice").textContent(), { timeout: 15_000 })
      .toContain("2 traces created from agents.jsonl");
    await cdp.detach();

    await expect.poll(() => rows().count(), WAIT).toBe(6);
    expect(await page.getByTestId("total-count").textContent()).toBe("6 in this project");
  });

  it("shows each trace's latest verdicts, and filters and searches on the server", async () => {
    const all = (await client.traces.getMany()).traces;
    const evaluations = await client.traceEvaluations.createMany(
      all.map((t) => t.id),
      judgeId,
    );
    await Promise.all(
      evaluations.map((e) =>
        client.traceEvaluations.waitForCompletion(e.id, { timeoutMs: 30_000 }),
      ),
    );
    await page.reload();
    const [paris] = (await tracesOf("chats.jsonl")).filter((t) => t.position === 1);
    const parisRow = page.locator(`tr[data-trace-id="${paris?.id}"]`);
    await expect
      .poll(() => parisRow.locator(".verdict").getAttribute("data-outcome"), WAIT)
      .toBe("pass");
    expect(await parisRow.locator(".verdict").textContent()).toContain("Names Paris");
    await screenshot(page, "traces-04-list-verdicts");

    await page.getByLabel("Source").selectOption("spans.jsonl");
    await expect.poll(() => rows().count(), WAIT).toBe(2);
    expect(page.url()).toContain("source=spans.jsonl");

    await page.getByLabel("Source").selectOption("");
    await page.getByLabel("Verdict").selectOption("fail");
    await page.getByLabel("Judge").selectOption(judgeId);
    // Rome, the Lisbon agent run, the Lisbon span trace, the sky span trace: no Paris.
    await expect.poll(() => rows().count(), WAIT).toBe(4);
    expect(page.url()).toContain("status=fail");
    expect(page.url()).toContain(`judge=${judgeId}`);
    await page.getByLabel("Created").selectOption("24h");
    await page.getByLabel("Search").fill("Lisbon");
    await expect.poll(() => rows().count(), WAIT).toBe(1);
    expect(page.url()).toContain("q=Lisbon");
    expect(page.url()).toContain("range=24h");
    expect(await rows().first().textContent()).toContain("OTel spans");
    await screenshot(page, "traces-05-filtered");
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect.poll(() => rows().count(), WAIT).toBe(6);
  });

  it("opens a chat log: roles, the tool call with its arguments, the result, the verdict", async () => {
    const [trace] = (await tracesOf("chats.jsonl")).filter((t) => t.position === 1);
    await page.locator(`tr[data-trace-id="${trace?.id}"] td.input a`).click();
    await page.waitForURL(`${ui}/traces/${trace?.id}`, WAIT);
    const turns = page.locator(".chat-turn");
    await expect.poll(() => turns.count(), WAIT).toBe(6);
    expect(await page.locator(".chat-turn .turn-head .role").allTextContents()).toEqual([
      "system",
      "user",
      "assistant",
      "tool",
      "user",
      "assistant",
    ]);
    const call = turns.nth(2).locator(".tool-call");
    expect(await call.locator(".tool-name").textContent()).toBe("get_weather");
    expect(await call.locator(".tool-args pre").textContent()).toBe('{\n  "city": "Paris"\n}');
    expect(await turns.nth(3).locator(".turn-text pre").textContent()).toContain('"temp_c": 18');
    const verdicts = page.getByRole("complementary", { name: "Verdicts" });
    await expect
      .poll(() => verdicts.locator(".verdict").getAttribute("data-outcome"), WAIT)
      .toBe("pass");
    expect(await verdicts.textContent()).toContain("The answer names Paris.");
    expect(await verdicts.getByTestId("truncated").count()).toBe(0);
    await screenshot(page, "traces-06-chat");
  });

  it("opens OpenTelemetry spans as a tree with bars on one time axis", async () => {
    const [trace] = (await tracesOf("spans.jsonl")).filter((t) => t.position === 1);
    await page.goto(`${ui}/traces/${trace?.id}`);
    const spans = page.locator(".span-row");
    await expect.poll(() => spans.count(), WAIT).toBe(4);
    const names = await page.locator(".span-name").allTextContents();
    expect(names.map((n) => n.replace(/^[▸▾]\s*/, ""))).toEqual([
      "invoke_agent trip-planner",
      "chat gpt-4o",
      "execute_tool get_weather",
      "chat gpt-4o",
    ]);
    expect(await spans.evaluateAll((els) => els.map((e) => e.getAttribute("data-depth")))).toEqual([
      "0",
      "1",
      "1",
      "1",
    ]);
    // Each bar lies inside its track; the root spans the whole track; later spans start later.
    const lefts: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const track = await spans.nth(i).locator(".span-track").boundingBox();
      const bar = await spans.nth(i).locator(".span-bar").boundingBox();
      if (!track || !bar) throw new Error(`span ${i} has no bar`);
      expect(bar.x).toBeGreaterThanOrEqual(track.x - 0.5);
      expect(bar.x + bar.width).toBeLessThanOrEqual(track.x + track.width + 0.5);
      if (i === 0) expect(bar.width).toBeGreaterThan(track.width - 1);
      lefts.push(bar.x);
    }
    expect([...lefts].sort((a, b) => a - b)).toEqual(lefts);
    expect(await page.locator(".span-duration").allTextContents()).toEqual([
      "1.4 s",
      "450 ms",
      "150 ms",
      "550 ms",
    ]);
    // The tool span opens to its call and result; the failed span says so.
    await spans.nth(2).locator(".span-line").click();
    expect(await spans.nth(2).locator(".tool-name").textContent()).toBe("get_weather");
    expect(await spans.nth(2).locator(".tool-result").textContent()).toContain('"temp_c": 24');
    expect(await spans.nth(3).locator(".span-facts").textContent()).toContain("error");
    await screenshot(page, "traces-07-spans");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "traces-07b-spans-dark");
    await page.emulateMedia({ colorScheme: "light" });
  });

  it("opens an agent run with its events in order, and the raw JSON tab", async () => {
    const [trace] = (await tracesOf("agents.jsonl")).filter((t) => t.position === 1);
    await page.goto(`${ui}/traces/${trace?.id}`);
    const events = page.locator(".agent-event");
    await expect.poll(() => events.count(), WAIT).toBe(4);
    expect(await page.locator(".event-type").allTextContents()).toEqual([
      "agent.input",
      "model.invoke",
      "tool.call",
      "agent.output",
    ]);
    expect(await events.nth(0).textContent()).toContain("Cancel my subscription");
    expect(await events.nth(2).locator(".tool-name").textContent()).toBe("cancel_subscription");
    // Padded past the fake judge model's context, the run was cut for the judge: the verdict says so.
    const verdicts = page.getByRole("complementary", { name: "Verdicts" });
    await expect.poll(() => verdicts.getByTestId("truncated").count(), WAIT).toBe(1);
    await screenshot(page, "traces-08-agent");

    // The tab list works by keyboard: the arrow key moves to Raw JSON.
    await page.getByRole("tab", { name: "agent events" }).focus();
    await page.keyboard.press("ArrowRight");
    expect(await page.getByRole("tab", { name: "Raw JSON" }).getAttribute("aria-selected")).toBe(
      "true",
    );
    const raw = page.getByRole("region", { name: "raw JSON" });
    expect(await raw.textContent()).toContain('"agent_name": "support-agent"');
    // Deeper levels stay closed until opened.
    const closed = raw.locator("details:not([open])").first();
    expect(await closed.count()).toBe(1);
    await closed.locator("summary").click();
    await screenshot(page, "traces-09-raw");
  });

  it("deletes a trace after a confirmation", async () => {
    const [trace] = (await tracesOf("chats.jsonl")).filter((t) => t.position === 2);
    await page.goto(`${ui}/traces/${trace?.id}`);
    await page.getByRole("button", { name: "Delete…" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this trace?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    expect(await confirm.count()).toBe(0);
    await page.getByRole("button", { name: "Delete…" }).click();
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await page.waitForURL(`${ui}/traces`, WAIT);
    await expect.poll(() => rows().count(), WAIT).toBe(5);
    expect(await page.locator(`tr[data-trace-id="${trace?.id}"]`).count()).toBe(0);
  });

  it("opens a 5 MiB trace quickly, drawing its messages in steps", async () => {
    const message = "word ".repeat(200);
    const messages = Array.from({ length: 5200 }, (_, i) => ({
      role: i % 2 === 0 ? "user" : "assistant",
      content: `${i}: ${message}`,
    }));
    const contents = JSON.stringify({ messages });
    expect(contents.length).toBeGreaterThan(5 * 1024 * 1024);
    const { trace_ids } = await client.traces.upload({
      data: new TextEncoder().encode(contents),
      filename: "big.json",
    });
    await page.goto(`${ui}/traces`);
    await expect.poll(() => rows().count(), WAIT).toBe(6);
    const mib = (contents.length / 1024 / 1024).toFixed(1);
    // Timed in the page: from the click (or the navigation's start) to the first message drawn,
    // so the figure is the dashboard's, not the test driver's.
    const firstDrawn = `new Promise((resolve) => {
      const seen = () => document.querySelector(".chat-turn");
      if (seen()) return resolve(performance.now());
      new MutationObserver((_, observer) => {
        if (seen()) { observer.disconnect(); resolve(performance.now()); }
      }).observe(document.body, { childList: true, subtree: true });
    })`;
    // The viewer's chunk is loaded once before timing, as after any earlier visit.
    await page.goto(`${ui}/traces/${trace_ids[0]}`);
    await page.locator(".chat-turn").first().waitFor();
    await page.goBack();
    await rows().first().waitFor();
    const openFromList = async (id: string) => {
      await page.evaluate(`window.__drawn = (() => {
        document.addEventListener("click", () => { window.__clicked = performance.now(); }, { capture: true, once: true });
        return ${firstDrawn};
      })(); undefined`);
      await page.locator(`tr[data-trace-id="${id}"] td.input a`).click();
      return Number(await page.evaluate("window.__drawn.then((t) => t - window.__clicked)"));
    };
    // A small chat first: the first opening after a page load costs ~0.3 s whatever the size.
    const [small] = (await tracesOf("chats.jsonl")).filter((t) => t.position === 1);
    const smallFromList = await openFromList(small?.id as string);
    await page.goBack();
    await rows().first().waitFor();
    const fromList = await openFromList(trace_ids[0] as string);
    // Cold: the whole dashboard loaded by the trace's link (sign-in check, chunks, the trace).
    await page.addInitScript(`window.__drawn = new Promise((resolve) =>
      document.addEventListener("DOMContentLoaded", () => resolve(${firstDrawn})))`);
    await page.reload();
    const cold = await page.evaluate("window.__drawn");
    // Of which: the trace's request (asked after sign-in check and chunks; answered by the server).
    const [request] = (await page.evaluate(
      `performance.getEntriesByType("resource").filter((e) => e.name.endsWith("/traces/${trace_ids[0]}")).map((e) => [e.startTime, e.responseEnd])`,
    )) as [number, number][];
    // The server's part, read by the SDK from Node (best of three).
    const reads: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const t0 = performance.now();
      await client.traces.get(trace_ids[0] as string);
      reads.push(performance.now() - t0);
    }
    console.log(`the SDK reads it in ${Math.round(Math.min(...reads))} ms`);
    console.log(
      `a ${mib} MiB trace: first messages drawn ${Math.round(fromList)} ms after the click in the list (the first opening after the list loaded, a 1 KiB chat: ${Math.round(smallFromList)} ms), ${Math.round(Number(cold))} ms after navigation by its link (its request from ${Math.round(request?.[0] ?? 0)} to ${Math.round(request?.[1] ?? 0)} ms)`,
    );
    // Only the first messages are drawn; scrolling to the end draws more.
    const drawn = await page.locator(".chat-turn").count();
    expect(drawn).toBeLessThan(200);
    await page.locator(".lazy-more").scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator(".chat-turn").count(), WAIT).toBeGreaterThan(drawn);
    await page.getByRole("tab", { name: "Raw JSON" }).click();
    await page.getByRole("region", { name: "raw JSON" }).waitFor();
  });

  it("raised no script errors", () => {
    // The refused upload (422) and reading the deleted trace are expected responses.
    expect(pageErrors.filter((e) => !/status of (422|404)/.test(e))).toEqual([]);
  });
});

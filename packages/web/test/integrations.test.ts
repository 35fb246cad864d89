import { createHmac } from "node:crypto";
import type { Client } from "@assay/client";
import type { TestService } from "@assay/test-kit/test-service.ts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Receiver, startReceiver } from "../../server/test/integrations/receiver.ts";
import { collectPageErrors, launchChromium, screenshot, signIn } from "./support/browser.ts";
import { startDashboardService } from "./support/dashboard-service.ts";

/**
 * The organization's Integrations settings in Chromium against a real service and a webhook
 * receiver on loopback: create (the signing secret shown once, and it is the one deliveries are
 * signed with), send a test, the delivery log with the attempt, a refused test, edit,
 * deactivate, the server's refusal under its field, delete; at 390 and 1440 px, light and dark.
 */

const WAIT = { timeout: 10_000 };
const WIDTHS = [390, 1440] as const;
const SCHEMES = ["light", "dark"] as const;

let service: TestService;
let hook: Receiver;
let browser: Browser;
let page: Page;
let pageErrors: string[];
let client: Client;
let ui: string;
let secret: string;

const card = (name: string) => page.locator(`article.integration-card[data-integration="${name}"]`);
const logRows = () => page.locator(".deliveries-table tbody tr");

/** What a receiver checks (docs/integrations.md): `v1` is the HMAC-SHA256 of `<t>.<body>`. */
function signedBy(key: string, body: string, header: string): boolean {
  const { t, v1 } = Object.fromEntries(header.split(",").map((part) => part.split("=")));
  return createHmac("sha256", key).update(`${t}.${body}`).digest("hex") === v1;
}

/** Screenshots at each width and scheme; the page never scrolls sideways at any of them. */
async function shootEveryWay(name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      await screenshot(page, `integrations-${name}-${width}-${scheme}`);
      const sideways = (await page.evaluate(
        "document.scrollingElement.scrollWidth - window.innerWidth",
      )) as number;
      expect(sideways, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: "light" });
}

beforeAll(async () => {
  [hook, browser] = await Promise.all([startReceiver(), launchChromium()]);
  ({ service, ui, client } = await startDashboardService());
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  pageErrors = collectPageErrors(page);
  await page.goto(`${ui}/`);
  await signIn(page, service.apiKey);
  await page.waitForURL(`${ui}/evaluations`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await hook?.close();
});

describe("the Integrations settings in Chromium", () => {
  it("is in the navigation and explains itself when there are none", async () => {
    await page.locator("header nav").getByRole("link", { name: "Integrations" }).click();
    await page.waitForURL(`${ui}/settings/integrations`);
    await page.locator(".empty").getByText("No integrations yet").waitFor(WAIT);
    expect(await page.locator(".eyebrow").textContent()).toBe(
      "Organization settings · Default Organization",
    );
  });

  it("creates an integration and shows its signing secret once", async () => {
    await page.getByLabel("Name").fill("Deploy notifications");
    await page.getByLabel("URL").fill(hook.url);
    await page.getByLabel("Benchmark generation finished").uncheck();
    await page.getByRole("button", { name: "Create integration" }).click();
    const notice = page.locator(".secret-notice");
    await notice.waitFor(WAIT);
    secret = ((await notice.locator("[data-secret]").textContent()) ?? "").trim();
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(await notice.textContent()).toContain("shown only this once");
    await card("Deploy notifications").waitFor(WAIT);
    // The form is empty again for the next one.
    expect(await page.getByLabel("Name").inputValue()).toBe("");

    const [made] = (await client.integrations.getMany()).integrations;
    expect(made).toMatchObject({
      name: "Deploy notifications",
      type: "webhook",
      host_url: hook.url,
      active: true,
      status: "new",
      events: [
        "evaluation.finished",
        "evaluation.failed",
        "trace_evaluation.finished",
        "judge_optimization.finished",
      ],
    });
    expect(made?.config.secret_last4).toBe(secret.slice(-4));
    expect(await card("Deploy notifications").textContent()).toContain(`…${secret.slice(-4)}`);
    await shootEveryWay("01-secret");

    await page.getByRole("button", { name: "I have stored the secret" }).click();
    await notice.waitFor({ state: "detached", ...WAIT });
    await page.reload();
    await card("Deploy notifications").waitFor(WAIT);
    expect(await page.locator("main").textContent()).not.toContain(secret);
  });

  it("sends a test, signed with that secret, and the delivery log shows the attempt", async () => {
    hook.setReply(() => ({ status: 200, text: "received, thanks" }));
    await card("Deploy notifications").getByRole("button", { name: "Send test" }).click();
    await card("Deploy notifications")
      .getByRole("status")
      .getByText("Test delivered: the receiver answered 200: received, thanks")
      .waitFor(WAIT);
    const [request] = hook.requests;
    expect(request).toBeDefined();
    expect(JSON.parse(request?.body ?? "")).toMatchObject({ type: "integration.test" });
    expect(
      signedBy(secret, request?.body ?? "", request?.headers["assay-signature"] as string),
    ).toBe(true);

    await page.getByRole("heading", { name: "Delivery log · Deploy notifications" }).waitFor(WAIT);
    await expect.poll(() => logRows().count(), WAIT).toBe(1);
    const row = await logRows().first().textContent();
    expect(row).toContain("integration.test");
    expect(row).toContain("succeeded");
    expect(row).toContain("200");
    expect(row).toContain("received, thanks");
    await card("Deploy notifications").getByText("delivering").waitFor(WAIT);

    hook.setReply(() => ({ status: 503, text: "down for maintenance" }));
    await card("Deploy notifications").getByRole("button", { name: "Send test" }).click();
    await card("Deploy notifications")
      .getByText("Test failed: the receiver answered 503: down for maintenance")
      .waitFor(WAIT);
    await expect.poll(() => logRows().count(), WAIT).toBe(2);
    const newest = await logRows().first().textContent();
    expect(newest).toContain("failed");
    expect(newest).toContain("503");
    await card("Deploy notifications").getByText("failing").waitFor(WAIT);
    hook.setReply(() => ({ status: 200, text: "ok" }));
    await shootEveryWay("02-delivery-log");
  });

  it("edits, deactivates and activates an integration", async () => {
    await page.getByRole("button", { name: "Edit Deploy notifications" }).click();
    await page.getByRole("heading", { name: "Edit Deploy notifications" }).waitFor(WAIT);
    expect(await page.getByLabel("URL").inputValue()).toBe(hook.url);
    await page.getByLabel("Name").fill("Release channel");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Saved the integration Release channel.").waitFor(WAIT);
    await card("Release channel").waitFor(WAIT);
    // The open delivery log follows the integration under its new name.
    await page.getByRole("heading", { name: "Delivery log · Release channel" }).waitFor(WAIT);

    await card("Release channel").getByRole("button", { name: "Deactivate" }).click();
    await card("Release channel").getByText("inactive").waitFor(WAIT);
    expect((await client.integrations.getMany()).integrations[0]).toMatchObject({
      name: "Release channel",
      active: false,
    });
    await card("Release channel").getByRole("button", { name: "Activate" }).click();
    await card("Release channel").getByRole("button", { name: "Deactivate" }).waitFor(WAIT);
    expect((await client.integrations.getMany()).integrations[0]?.active).toBe(true);
  });

  it("shows the server's refusal under the field and keeps what was typed", async () => {
    await page.getByLabel("Name").fill("Internal");
    await page.getByLabel("Type").selectOption("slack");
    await page.getByLabel("URL").fill("ftp://hooks.example.com/x");
    await page.getByRole("button", { name: "Create integration" }).click();
    const error = page.locator("#error-body-host_url");
    await error.waitFor(WAIT);
    expect(await page.getByLabel("URL").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel("Name").inputValue()).toBe("Internal");
    expect(await page.getByLabel("Type").inputValue()).toBe("slack");
    expect((await client.integrations.getMany()).count).toBe(1);
    await shootEveryWay("03-refused");
    await page.getByLabel("Name").fill("");
    await page.getByLabel("URL").fill("");
  });

  it("deletes an integration after asking", async () => {
    await page.getByRole("button", { name: "Delete Release channel…" }).click();
    await page.getByRole("button", { name: "Delete Release channel", exact: true }).click();
    await card("Release channel").waitFor({ state: "detached", ...WAIT });
    await page.getByText("Deleted the integration Release channel.").waitFor(WAIT);
    expect((await client.integrations.getMany()).count).toBe(0);
    expect(await page.locator(".delivery-log").count()).toBe(0);
    // The browser logs the refused create (400) it was meant to get; nothing else went wrong.
    expect(pageErrors).toEqual([
      "console: Failed to load resource: the server responded with a status of 400 (Bad Request)",
    ]);
  });
});

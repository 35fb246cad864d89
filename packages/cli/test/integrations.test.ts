import type { Integration, IntegrationDeliveryPage, IntegrationPage } from "@assay/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Receiver, startReceiver } from "../../server/test/integrations/receiver.ts";
import { runApiCli, useTestService } from "./support/api-cli.ts";
import type { CliResult } from "./support/cli.ts";

/** `assay integrations …` against a real service and a webhook receiver on loopback. */

const service = useTestService();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let hook: Receiver;

beforeAll(async () => {
  hook = await startReceiver();
});
afterAll(async () => {
  await hook?.close();
});

async function cli(args: string[], code = 0): Promise<CliResult> {
  const result = await runApiCli(service(), args);
  expect(result, result.stderr).toMatchObject({ code });
  return result;
}

async function json<T>(args: string[]): Promise<T> {
  return JSON.parse((await cli([...args, "--json"])).stdout) as T;
}

describe("assay integrations", () => {
  it("creates (the secret printed once), lists, gets, updates and deletes an integration", async () => {
    const created = await cli([
      "integrations",
      "create",
      "--name",
      "Deploys",
      "--url",
      hook.url,
      "--events",
      "evaluation.finished,evaluation.failed",
    ]);
    const id = created.stdout.trim();
    expect(id).toMatch(UUID);
    const secret = /^(whsec_[0-9a-f]{64})$/m.exec(created.stderr)?.[1];
    expect(secret, created.stderr).toBeDefined();
    expect(created.stderr).toContain("created webhook integration Deploys");
    expect(created.stderr).toContain("shown only now");

    const shown = await json<Integration>(["integrations", "get", id]);
    expect(shown).toMatchObject({
      id,
      name: "Deploys",
      type: "webhook",
      host_url: hook.url,
      active: true,
      events: ["evaluation.finished", "evaluation.failed"],
    });
    expect(shown.config.secret_last4).toBe(secret?.slice(-4));
    const fields = (await cli(["integrations", "show", id])).stdout;
    expect(fields).toMatch(new RegExp(`secret ends in\\s+│ ${secret?.slice(-4)}`));
    expect(fields).not.toContain(secret);

    const listed = (await cli(["integrations", "list"])).stdout;
    expect(listed).toContain("Deploys");
    expect(listed).toContain("evaluation.finished, evaluation.failed");
    expect(listed).toContain("1 integrations");
    expect((await json<IntegrationPage>(["integrations", "list"])).count).toBe(1);

    const updated = await cli(["integrations", "update", id, "--inactive", "--name", "Paused"]);
    expect(updated.stdout).toBe(`updated ${id}\n`);
    expect(await json<Integration>(["integrations", "get", id])).toMatchObject({
      name: "Paused",
      active: false,
    });

    expect((await cli(["integrations", "delete", id])).stdout).toBe(`deleted ${id}\n`);
    const gone = await cli(["integrations", "get", id], 1);
    expect(gone.stderr).toContain(`no integration with id ${id} in this organization`);
    expect((await cli(["integrations", "list"])).stdout).toBe("no integrations\n");
  });

  it("tests an integration, exits 1 when the receiver refuses, and shows the delivery log", async () => {
    const id = (
      await cli(["integrations", "create", "--name", "Slack", "--type", "slack", "--url", hook.url])
    ).stdout.trim();
    hook.setReply(() => ({ status: 200, text: "ok" }));
    const ok = await cli(["integrations", "test", id]);
    expect(ok.stdout).toBe(`Integration ${id}: OK\nMessage: the receiver answered 200: ok\n`);

    hook.setReply(() => ({ status: 404, text: "no such hook" }));
    const failed = await cli(["integrations", "test", id], 1);
    expect(failed.stdout).toBe(
      `Integration ${id}: FAILED\nMessage: the receiver answered 404: no such hook\n`,
    );
    const asJson = await cli(["integrations", "test", id, "--json"], 1);
    expect(JSON.parse(asJson.stdout)).toMatchObject({ success: false });
    hook.setReply(() => ({ status: 200, text: "ok" }));

    const log = (await cli(["integrations", "deliveries", id])).stdout;
    expect(log).toContain("integration.test");
    expect(log).toContain("no such hook");
    expect(log).toContain("3 of 3 attempts (page 1 of 1)");
    const page = await json<IntegrationDeliveryPage>(["integrations", "deliveries", id]);
    expect(page.deliveries.map((d) => [d.status, d.http_status])).toEqual([
      ["failed", 404],
      ["failed", 404],
      ["succeeded", 200],
    ]);
  });

  it("refuses bad options before any request, and the server's refusals name the field", async () => {
    const event = await cli(
      ["integrations", "create", "--name", "X", "--url", hook.url, "--events", "run.done"],
      1,
    );
    expect(event.stderr).toContain("unknown event run.done");
    const type = await cli(
      ["integrations", "create", "--name", "X", "--url", hook.url, "--type", "email"],
      1,
    );
    expect(type.stderr).toContain("Allowed choices are webhook, slack");
    const nothing = await cli(
      ["integrations", "update", "00000000-0000-4000-8000-000000000000"],
      1,
    );
    expect(nothing.stderr).toContain("nothing to change");
    const url = await cli(["integrations", "create", "--name", "X", "--url", "not a url"], 1);
    expect(url.stderr).toContain("body.host_url");
  });
});

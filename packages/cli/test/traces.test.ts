import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, type Trace, type TracePage } from "@assay/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runApiCli, useTestService } from "./support/api-cli.ts";
import type { CliResult } from "./support/cli.ts";
import { traceLine } from "./support/fake-judge.ts";

/** `assay traces …`: user commands over the SDK, against a real service. */

const service = useTestService();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "assay-cli-traces-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The service's bootstrap project in process: cheaper than one more CLI run for a check. */
function client(): Client {
  const { apiKey, apiUrl } = service();
  return new Client({ apiKey, baseURL: apiUrl });
}

async function writeTraceFile(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

/** Runs `assay traces <args>` and checks its exit code. */
async function traces(args: string[], code = 0): Promise<CliResult> {
  const result = await runApiCli(service(), ["traces", ...args]);
  expect(result, result.stderr).toMatchObject({ code });
  return result;
}

async function json<T>(args: string[]): Promise<T> {
  return JSON.parse((await traces([...args, "--json"])).stdout) as T;
}

describe("assay traces", () => {
  it("uploads a JSONL file and lists its traces", async () => {
    const file = await writeTraceFile(
      "support.jsonl",
      [
        traceLine("How do I reset my password?", "Use the link on the sign-in page."),
        traceLine("Where is my refund?", "Refunds take five days."),
        traceLine("Can I change my plan?", "Yes, under Billing."),
      ].join("\n"),
    );
    const uploaded = await traces(["upload", file]);
    const ids = uploaded.stdout.trim().split("\n");
    expect(ids).toHaveLength(3);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(uploaded.stderr).toBe(`uploaded 3 traces from ${file}\n`);

    // A table, newest first; the file and each record's position name the source.
    const listed = (await traces(["list", "--source", "support.jsonl", "--sort-by", "position"]))
      .stdout;
    expect(listed).toMatch(/│ id\s+│ source\s+│ input\s+│ evaluations │ latest verdicts │ created/);
    expect(listed).toContain("support.jsonl:1");
    expect(listed).toContain("How do I reset my password?");
    expect(listed).toContain("3 of 3 traces (page 1 of 1)");

    const page = await json<TracePage>(["list", "--source", "support.jsonl", "--page-size", "2"]);
    expect(page).toMatchObject({
      count: 2,
      totalCount: 3,
      pagination: { page: 1, pageSize: 2, totalPages: 2, totalCount: 3 },
    });
    expect(page.traces[0]).toMatchObject({ evaluations_count: 0, last_evaluations: [] });
    const searched = await client().traces.getMany({ search: "refund" });
    expect(searched.traces.map((t) => t.id)).toEqual([ids[1]]);
  });

  it("shows a trace with its record, and deletes it", async () => {
    const { trace_ids: ids } = await client().traces.upload({
      data: new TextEncoder().encode(
        [
          traceLine("How do I reset my password?", "Use the link on the sign-in page."),
          traceLine("Where is my refund?", "Refunds take five days."),
        ].join("\n"),
      ),
      filename: "to-show.jsonl",
    });

    // show: the fields, then the record as uploaded.
    const shown = (await traces(["show", ids[0] as string])).stdout;
    expect(shown).toMatch(/│ file\s+│ to-show\.jsonl\s+│/);
    expect(shown).toMatch(/│ position\s+│ 1\s+│/);
    expect(shown).toMatch(/│ input\s+│ How do I reset my password\?\s+│/);
    expect(shown).toContain('"output": "Use the link on the sign-in page."');
    const trace = await json<Trace>(["show", ids[0] as string]);
    expect(trace).toMatchObject({
      id: ids[0],
      filename: "to-show.jsonl",
      position: 1,
      input: "How do I reset my password?",
      data: { output: "Use the link on the sign-in page.", metadata: { app: "support-bot" } },
    });

    const deleted = await traces(["delete", ids[0] as string]);
    expect(deleted.stdout).toBe(`deleted ${ids[0]}\n`);
    const gone = await traces(["show", ids[0] as string], 1);
    expect(gone.stderr).toBe(`assay: no trace with id ${ids[0]} in this project\n`);
    const left = await client().traces.getMany({ source: "to-show.jsonl" });
    expect(left.traces.map((t) => t.id)).toEqual([ids[1]]);
  });

  it("uploads a JSON array with --json, one trace per element", async () => {
    const file = await writeTraceFile(
      "batch.json",
      JSON.stringify([
        { input: "first question", output: "first answer" },
        { input: "second question", output: "second answer" },
      ]),
    );
    const uploaded = await json<{ trace_ids: string[] }>(["upload", file]);
    expect(uploaded.trace_ids).toHaveLength(2);
    const second = await json<Trace>(["show", uploaded.trace_ids[1] as string]);
    expect(second).toMatchObject({ filename: "batch.json", position: 2, input: "second question" });
  });

  it("explains a refused file, a missing file and bad options", async () => {
    const bad = await writeTraceFile("bad.jsonl", `${traceLine("q", "a")}\nnot json at all\n`);
    const refused = await traces(["upload", bad], 1);
    expect(refused.stderr).toMatch(/^assay: .*line 2/);
    const missing = await traces(["upload", join(dir, "missing.jsonl")], 1);
    expect(missing.stderr).toContain(`assay: Cannot read ${join(dir, "missing.jsonl")}`);
    const status = await traces(["list", "--status", "maybe"], 1);
    expect(status.stderr).toContain("Allowed choices are pass, fail");
  });
});

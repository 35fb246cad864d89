import { fileURLToPath } from "node:url";
import { Client, type CustomBenchmark } from "@assay/client";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runApiCli, useTestService } from "./support/api-cli.ts";

/**
 * `assay benchmarks generate`: a smart benchmark from documents, written by the service's
 * generator model (a fake one that writes questions only about the text it was handed).
 */

const service = useTestService({
  workers: true,
  env: { ASSAY_GENERATOR_MODEL: "fake/writer", ASSAY_JOB_POLL_INTERVAL_MS: "50" },
});
const QUESTION = "From which buoys are water samples taken?";
/** PDFs printed by Chromium (packages/server/test/fixtures/documents/make-pdfs.ts). */
const pdf = (name: string) =>
  fileURLToPath(new URL(`../../server/test/fixtures/documents/${name}`, import.meta.url));

let writer: FakeModelServer;
beforeAll(async () => {
  writer = await startFakeModelServer({
    behavior: ({ lastUserMessage }) => ({
      content: lastUserMessage.includes("Kestrel, Heron and Osprey")
        ? JSON.stringify({ items: [{ question: QUESTION, answer: "Kestrel, Heron and Osprey" }] })
        : "I see no document.",
    }),
  });
  const client = new Client({ apiKey: service().apiKey, baseURL: service().apiUrl });
  await client.models.createCustom({
    name: "Writer",
    key: "fake/writer",
    description: "",
    api_url: writer.url,
    max_tokens: 512,
  });
});
afterAll(async () => {
  await writer?.close();
});

describe("assay benchmarks generate", () => {
  it("uploads the documents, and with --wait follows the generation until it is ready", async () => {
    const result = await runApiCli(service(), [
      "benchmarks",
      "generate",
      "--name",
      "Field handbook",
      "--file",
      pdf("handbook.pdf"),
      "--description",
      "the station's routines",
      "--wait",
      "--json",
    ]);
    expect(result, result.stderr).toMatchObject({ code: 0 });
    const benchmark = JSON.parse(result.stdout) as CustomBenchmark;
    expect(benchmark).toMatchObject({
      name: "Field handbook",
      kind: "smart",
      generation_status: "ready",
      prompt_count: 1,
      files: ["handbook.pdf"],
    });

    const prompts = await runApiCli(service(), ["benchmarks", "prompts", benchmark.id, "--json"]);
    expect(JSON.parse(prompts.stdout)).toMatchObject({
      prompts: [{ input: QUESTION, truth: "Kestrel, Heron and Osprey" }],
    });
  });

  it("exits 1 with the reason when the generation fails", async () => {
    const result = await runApiCli(service(), [
      "benchmarks",
      "generate",
      "--name",
      "Scanned",
      "--file",
      pdf("scan.pdf"),
      "--wait",
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    expect(result.stderr).toContain("failed: scan.pdf: the PDF has no text layer (a scan?)");
  });

  it("without --wait prints the id at once; without a document it says what is missing", async () => {
    const started = await runApiCli(service(), [
      "benchmarks",
      "generate",
      "--name",
      "Later",
      "--file",
      pdf("handbook.pdf"),
    ]);
    expect(started, started.stderr).toMatchObject({ code: 0 });
    expect(started.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    expect(started.stderr).toBe("generating benchmark Later\n");

    const missing = await runApiCli(service(), ["benchmarks", "generate", "--name", "Empty"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("name at least one document: --file <path>");
  });
});

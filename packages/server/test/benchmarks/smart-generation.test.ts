import { readFileSync } from "node:fs";
import { createModel, type Tenant, tenantOf } from "@assay/test-kit/evaluation-fixtures.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { uploadFile } from "@assay/test-kit/upload-file.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * A smart benchmark end to end: the request stores it `generating`, the generate-benchmark job
 * (engine runner over the benchmark generation store) writes its prompts with the generator
 * model and makes it `ready`, or `failed` with a reason its owner can act on. On the suite's
 * database (SQLite, or PostgreSQL with DATABASE_URL).
 */
const ENV = {
  ALLOWED_MODEL_HOSTS: "127.0.0.1",
  ASSAY_RATE_LIMIT_ENABLED: "false",
  ASSAY_JOB_POLL_INTERVAL_MS: "50",
  ASSAY_GENERATOR_MODEL: "acme/writer",
};

const QUESTION = "At what pressure does the relief valve of the boiler open?";
const PDF_QUESTION = "From which buoys are water samples taken?";

/** PDFs printed by Chromium (test/fixtures/documents/make-pdfs.ts). */
const pdf = (name: string) =>
  readFileSync(new URL(`../fixtures/documents/${name}`, import.meta.url));

let api: TestService;
let writer: FakeModelServer;
let tenant: Tenant;

beforeAll(async () => {
  writer = await startFakeModelServer({
    // Questions only about the document it was handed: a ready benchmark shows the text got there.
    behavior: ({ lastUserMessage }) => {
      if (lastUserMessage.includes("The relief valve opens at 3 bar."))
        return { content: JSON.stringify({ items: [{ question: QUESTION, answer: "3 bar" }] }) };
      if (lastUserMessage.includes("named\nKestrel, Heron and Osprey."))
        return {
          content: JSON.stringify({
            items: [{ question: PDF_QUESTION, answer: "Kestrel, Heron and Osprey" }],
          }),
        };
      return { content: "I see no document." };
    },
  });
  api = await startTestService({ workers: true, env: ENV });
  tenant = await tenantOf(api);
  await createModel(api, tenant, writer.url, "acme/writer");
});

afterAll(async () => {
  await api?.close();
  await writer?.close();
});

const projectPath = (owner = tenant) => `/organizations/${owner.org}/projects/${owner.project}`;

async function createSmartBenchmark(
  files: [string, string | Buffer, string][],
  owner: Tenant = tenant,
): Promise<string> {
  for (const [filename, content, type] of files)
    await uploadFile(api, owner, filename, content, type);
  const res = await api.call<{ data: { benchmark_id: string } }>(
    "POST",
    `${projectPath(owner)}/smart-benchmarks`,
    {
      apiKey: owner.key,
      json: {
        name: `Boiler ${Math.random()}`,
        description: "plant safety",
        system_prompt: "You answer the plant's operators.",
        files: files.map(([filename]) => filename),
      },
    },
  );
  if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
  return res.body.data.benchmark_id;
}

interface SmartBenchmark {
  generation_status: string;
  status_description: string;
  prompt_count: number;
}

async function generated(id: string, owner: Tenant = tenant): Promise<SmartBenchmark> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await api.call<{ data: SmartBenchmark }>(
      "GET",
      `${projectPath(owner)}/benchmarks/${id}`,
      {
        apiKey: owner.key,
      },
    );
    if (res.body.data.generation_status !== "generating") return res.body.data;
    if (Date.now() > deadline) throw new Error("the generation did not end");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("smart benchmark generation", () => {
  it("writes the prompts from the documents with the generator model, then is ready", async () => {
    const id = await createSmartBenchmark([
      ["boiler.md", "# Boiler\n\nThe relief valve opens at 3 bar.", "text/markdown"],
    ]);

    expect(await generated(id)).toMatchObject({
      generation_status: "ready",
      status_description: "1 questions written from 1 documents",
      prompt_count: 1,
    });
    const prompts = await api.call<{ data: { prompts: { input: string; truth: string }[] } }>(
      "GET",
      `${projectPath()}/benchmarks/${id}/prompts`,
      { apiKey: tenant.key },
    );
    expect(prompts.body.data.prompts).toMatchObject([{ input: QUESTION, truth: "3 bar" }]);
  });

  it("reads a PDF's text layer", async () => {
    const id = await createSmartBenchmark([
      ["handbook.pdf", pdf("handbook.pdf"), "application/pdf"],
    ]);

    expect(await generated(id)).toMatchObject({ generation_status: "ready", prompt_count: 1 });
    const prompts = await api.call<{ data: { prompts: { input: string; truth: string }[] } }>(
      "GET",
      `${projectPath()}/benchmarks/${id}/prompts`,
      { apiKey: tenant.key },
    );
    expect(prompts.body.data.prompts).toMatchObject([
      { input: PDF_QUESTION, truth: "Kestrel, Heron and Osprey" },
    ]);
  });

  it("fails, naming the document, when a document has no text", async () => {
    const id = await createSmartBenchmark([["scan.pdf", pdf("scan.pdf"), "application/pdf"]]);

    const ended = await generated(id);
    expect(ended).toMatchObject({ generation_status: "failed", prompt_count: 0 });
    expect(ended.status_description).toMatch(/^scan\.pdf: the PDF has no text layer/);
  });

  it("fails, saying what to set, when the generator model is unknown to the project", async () => {
    // Another organization: it has no custom model acme/writer, and the catalog has none either.
    const stranger = await tenantOf(
      api,
      (await api.admin.create({ organization: "Writerless Co" })).key,
    );
    const id = await createSmartBenchmark(
      [["boiler.md", "# Boiler\n\nThe relief valve opens at 3 bar.", "text/markdown"]],
      stranger,
    );

    expect(await generated(id, stranger)).toMatchObject({
      generation_status: "failed",
      status_description: "ASSAY_GENERATOR_MODEL names no known model: acme/writer",
    });
  });
});

import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { DocumentFile } from "../../documents/index.ts";
import { cancelledError, ModelCallError } from "../../gateway/model-call-error.ts";
import { generateBenchmark } from "./generate-benchmark.ts";
import type { Complete } from "./generate-prompts.ts";
import { GenerationError } from "./generation-error.ts";
import type {
  BenchmarkGenerationStore,
  GeneratedBenchmark,
  PendingBenchmark,
} from "./generation-store.ts";

const HANDBOOK = "# Valves\n\nThe relief valve opens at 3 bar. The drain valve is red.";

/** Benchmarks and their documents in memory, with what the runner stored. */
function memoryStore(documents: DocumentFile[] = [markdown("valves.md", HANDBOOK)]) {
  const pending = new Map<string, PendingBenchmark>([
    ["b1", { id: "b1", name: "Valves", description: "plant safety", systemPrompt: "" }],
  ]);
  const finished = new Map<string, GeneratedBenchmark>();
  const failed = new Map<string, string>();
  const store: BenchmarkGenerationStore = {
    findPending: async (id) => pending.get(id),
    async *readDocuments() {
      for (const document of documents) yield document;
    },
    async finish(id, generated) {
      pending.delete(id);
      finished.set(id, generated);
    },
    async fail(id, reason) {
      pending.delete(id);
      failed.set(id, reason);
    },
  };
  return { store, finished, failed };
}

function markdown(filename: string, text: string): DocumentFile {
  return { filename, contentType: "text/markdown", bytes: new TextEncoder().encode(text) };
}

/** A fake generator model answering every request with `reply` (or throwing it). */
function fakeModel(reply: string | Error) {
  const asked: string[] = [];
  const complete: Complete = async (messages) => {
    asked.push(messages.map((m) => m.content).join("\n"));
    if (reply instanceof Error) throw reply;
    return reply;
  };
  return { complete, asked, open: async () => complete };
}

const items = (...pairs: [string, string][]) =>
  JSON.stringify({ items: pairs.map(([question, answer]) => ({ question, answer })) });

describe("generateBenchmark", () => {
  it("writes the prompts from the documents and makes the benchmark ready", async () => {
    const { store, finished } = memoryStore([
      markdown("valves.md", HANDBOOK),
      { filename: "faq.txt", contentType: "text/plain", bytes: Buffer.from("Drains are red.") },
    ]);
    const model = fakeModel(items(["At what pressure does the relief valve open?", "3 bar"]));

    const outcome = await generateBenchmark("b1", { store, openGenerator: model.open });

    expect(outcome).toEqual({ status: "ready", promptCount: 1 });
    expect(model.asked.some((text) => text.includes("The relief valve opens at 3 bar."))).toBe(
      true,
    );
    const generated = finished.get("b1");
    // One question per document: the second document's duplicate question is dropped.
    expect(generated?.prompts.map((p) => [p.input, p.subset])).toEqual([
      ["At what pressure does the relief valve open?", "valves.md"],
    ]);
    expect(generated?.description).toBe("1 questions written from 2 documents");
    expect(generated?.version).toBe(
      createHash("sha256").update(JSON.stringify(generated?.prompts)).digest("hex"),
    );
  });

  it("skips a benchmark whose generation has ended, without opening the model", async () => {
    const { store, finished, failed } = memoryStore();
    let opened = false;
    const outcome = await generateBenchmark("gone", {
      store,
      openGenerator: async () => {
        opened = true;
        return fakeModel("{}").complete;
      },
    });
    expect(outcome).toEqual({ status: "skipped" });
    expect(opened).toBe(false);
    expect([finished.size, failed.size]).toEqual([0, 0]);
  });

  it("fails the benchmark, saying why, when the owner can act on the problem", async () => {
    const cases: [string, ReturnType<typeof memoryStore>, () => Promise<Complete>, RegExp][] = [
      [
        "no generator model",
        memoryStore(),
        async () => {
          throw new GenerationError("no generator model is configured");
        },
        /^no generator model is configured$/,
      ],
      [
        "a document that cannot be read",
        memoryStore([{ filename: "scan.pdf", contentType: "application/pdf", bytes: pdf() }]),
        fakeModel(items(["Which valve is red?", "the drain valve"])).open,
        /^scan\.pdf: not a readable PDF \(/,
      ],
      [
        "a model that writes no usable questions",
        memoryStore(),
        fakeModel("I only answer in prose.").open,
        /^the generator model returned no usable questions/,
      ],
      [
        "a call the model refuses",
        memoryStore(),
        fakeModel(new ModelCallError("http_error", "HTTP 401 unauthorized", { retryable: false }))
          .open,
        /^the generator model call failed: HTTP 401 unauthorized$/,
      ],
    ];
    for (const [what, { store, finished, failed }, openGenerator, reason] of cases) {
      const outcome = await generateBenchmark("b1", { store, openGenerator });
      expect(outcome.status, what).toBe("failed");
      expect(failed.get("b1"), what).toMatch(reason);
      expect(finished.size, what).toBe(0);
    }
  });

  it("cuts a long reason to 1,000 characters", async () => {
    const { store, failed } = memoryStore();
    const openGenerator = async () => {
      throw new GenerationError("x".repeat(1500));
    };
    await generateBenchmark("b1", { store, openGenerator });
    expect(failed.get("b1")).toBe("x".repeat(1000));
  });

  it("throws outages, leaving the benchmark generating for the queue's next attempt", async () => {
    const outages = [
      new ModelCallError("server_error", "HTTP 503", { retryable: true }),
      cancelledError(),
      new Error("connection to the database lost"),
    ];
    for (const outage of outages) {
      const { store, finished, failed } = memoryStore();
      await expect(
        generateBenchmark("b1", { store, openGenerator: fakeModel(outage).open }),
      ).rejects.toBe(outage);
      expect(await store.findPending("b1")).toBeDefined();
      expect([finished.size, failed.size]).toEqual([0, 0]);
    }
  });

  it("hands its signal to the model's calls", async () => {
    const { store } = memoryStore();
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    const complete: Complete = async (_messages, options) => {
      seen = options?.signal;
      return items(["At what pressure does the relief valve open?", "3 bar"]);
    };
    await generateBenchmark("b1", {
      store,
      openGenerator: async () => complete,
      signal: controller.signal,
    });
    controller.abort();
    expect(seen?.aborted).toBe(true);
  });
});

/** A PDF's signature and nothing a PDF reader can use. */
function pdf(): Uint8Array {
  return new TextEncoder().encode("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n");
}

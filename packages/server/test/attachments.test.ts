import type { GetOrganizationResponse } from "@assay/protocol";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { uploadFile } from "@assay/test-kit/upload-file.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILTIN_BENCHMARKS } from "../src/catalog/benchmarks/index.ts";

/**
 * Server-side rules a client cannot see directly: what a new project starts with, replace
 * semantics of `PATCH P` (all or nothing), refused dataset files leaving no rows behind, and smart
 * benchmarks waiting for their generation job.
 */

let service: TestService;
let tenant: { org: string; project: string };
let P: string;

interface Listing {
  data: { models?: { id: string; key: string }[]; datasets?: { id: string; key: string }[] };
}

beforeAll(async () => {
  service = await startTestService();
  const org = await service.call<GetOrganizationResponse>("GET", "/organizations");
  tenant = { org: org.body.data.id, project: org.body.data.projects[0]?.id as string };
  P = `/organizations/${tenant.org}/projects/${tenant.project}`;
});
afterAll(() => service?.close());

const count = async (table: "benchmarks" | "benchmark_prompts" | "jobs", where?: string) => {
  let query = service.running.deps.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"));
  if (where && table === "jobs") query = query.where("name" as never, "=", where as never);
  return Number((await query.executeTakeFirstOrThrow()).n);
};

describe("projects", () => {
  it("start with the non-deprecated catalog attached, also when created later", async () => {
    const { key } = await service.admin.create({ project: "Later project" });
    const models = await service.call<Listing>(
      "GET",
      `/organizations/${tenant.org}/projects/${
        (await service.call<GetOrganizationResponse>("GET", "/organizations", { apiKey: key })).body
          .data.projects[0]?.id
      }/models?type=public`,
      { apiKey: key },
    );
    const keys = models.body.data.models?.map((m) => m.key) ?? [];
    expect(keys).toContain("openai/gpt-4o");
    expect(keys).not.toContain("openai/gpt-3.5-turbo");
    const benchmarks = await service.call<Listing>("GET", `${P}/benchmarks?type=public`);
    expect(benchmarks.body.data.datasets?.map((b) => b.key).sort()).toEqual(
      BUILTIN_BENCHMARKS.map((b) => b.key).sort(),
    );
  });

  it("replace their attachments all or nothing: one unknown id changes nothing", async () => {
    const before = await service.call<Listing>("GET", `${P}/models`);
    const ids = before.body.data.models?.map((m) => m.id) ?? [];
    const refused = await service.call("PATCH", P, {
      json: { models: [ids[0], "00000000-0000-4000-8000-000000000000"], datasets: [] },
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("body.models.1");
    expect((await service.call<Listing>("GET", `${P}/models`)).body.data.models).toHaveLength(
      ids.length,
    );
    expect((await service.call<Listing>("GET", `${P}/benchmarks`)).body.data.datasets).toHaveLength(
      BUILTIN_BENCHMARKS.length,
    );

    const replaced = await service.call<{ id: string; data: { id: string; models: string[] } }>(
      "PATCH",
      P,
      { json: { models: [ids[1], ids[0], ids[1]] } },
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body.id).toBe(tenant.project);
    expect(replaced.body.data.id).toBe(tenant.project);
    expect([...replaced.body.data.models].sort()).toEqual([ids[0], ids[1]].sort());
    await service.call("PATCH", P, { json: { models: ids } });
  });
});

describe("benchmark files", () => {
  it("with bad rows are refused with 422 and leave no benchmark and no prompts", async () => {
    const before = [await count("benchmarks"), await count("benchmark_prompts")];
    await uploadFile(
      service,
      tenant,
      "bad.jsonl",
      '{"input":"a","truth":"1"}\nnot json\n{"input":"b"}\n{"input":"c","truth":"3"}\n',
    );
    const res = await service.call<{ error: { message: string; details: { field: string }[] } }>(
      "POST",
      `${P}/custom-benchmarks`,
      { json: { name: "Bad set", description: "", file: "bad.jsonl" } },
    );
    expect(res.status).toBe(422);
    expect(res.body.error.details.map((d) => d.field)).toEqual(["line 2", "line 3"]);
    expect(res.body.error.message).toContain("nothing was imported");
    expect([await count("benchmarks"), await count("benchmark_prompts")]).toEqual(before);
  });

  it("of input_type messages take a plain string input as one user message", async () => {
    // The original client's sample uploads rows like these with input_type "messages".
    await uploadFile(
      service,
      tenant,
      "chat.jsonl",
      [
        { input: "What is the capital of France?", truth: "Paris" },
        { input: [{ role: "user", content: "And of Italy?" }], truth: "Rome" },
      ]
        .map((row) => JSON.stringify(row))
        .join("\n"),
    );
    const created = await service.call<{ data: { benchmark_id: string } }>(
      "POST",
      `${P}/custom-benchmarks`,
      { json: { name: "Capitals", description: "", file: "chat.jsonl", input_type: "messages" } },
    );
    expect(created.status, created.text).toBe(201);
    const prompts = await service.call<{ data: { prompts: { input: unknown; truth: string }[] } }>(
      "GET",
      `${P}/benchmarks/${created.body.data.benchmark_id}/prompts?sort_by=id`,
    );
    expect(prompts.body.data.prompts.map((p) => [p.input, p.truth])).toEqual([
      [[{ role: "user", content: "What is the capital of France?" }], "Paris"],
      [[{ role: "user", content: "And of Italy?" }], "Rome"],
    ]);
  });

  it("answer their subsets with prompt counts in file order, and filter prompts by subset", async () => {
    const rows = [
      { input: "2+2?", truth: "4", subset: "sums" },
      { input: "Capital of Peru?", truth: "Lima", subset: "capitals" },
      { input: "3+3?", truth: "6", subset: "sums" },
      { input: "No subset here", truth: "ok" },
    ];
    await uploadFile(service, tenant, "mixed.jsonl", rows.map((r) => JSON.stringify(r)).join("\n"));
    const created = await service.call<{ data: { benchmark_id: string } }>(
      "POST",
      `${P}/custom-benchmarks`,
      { json: { name: "Mixed subsets", description: "", file: "mixed.jsonl" } },
    );
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.benchmark_id;
    const subsets = await service.call<{ data: { subsets: unknown } }>(
      "GET",
      `${P}/benchmarks/${id}/subsets`,
    );
    expect(subsets.status, subsets.text).toBe(200);
    expect(subsets.body.data.subsets).toEqual([
      { name: "sums", prompt_count: 2 },
      { name: "capitals", prompt_count: 1 },
    ]);
    const sums = await service.call<{ data: { prompts: { truth: string }[]; count: number } }>(
      "GET",
      `${P}/benchmarks/${id}/prompts?subset=sums&search=input&search_value=3`,
    );
    expect([sums.body.data.count, sums.body.data.prompts.map((p) => p.truth)]).toEqual([1, ["6"]]);
    const none = await service.call<{ data: { count: number } }>(
      "GET",
      `${P}/benchmarks/${id}/prompts?subset=Sums`,
    );
    expect(none.body.data.count).toBe(0);
    const missing = await service.call("GET", `${P}/benchmarks/${crypto.randomUUID()}/subsets`);
    expect(missing.status).toBe(404);
  });

  it("of input_type messages with a malformed messages array are refused, naming the line", async () => {
    const before = [await count("benchmarks"), await count("benchmark_prompts")];
    await uploadFile(
      service,
      tenant,
      "bad-chat.jsonl",
      '{"input":"fine","truth":"1"}\n{"input":[{"role":"robot","content":"hi"}],"truth":"2"}\n',
    );
    const res = await service.call<{ error: { message: string; details: { field: string }[] } }>(
      "POST",
      `${P}/custom-benchmarks`,
      {
        json: { name: "Bad chat", description: "", file: "bad-chat.jsonl", input_type: "messages" },
      },
    );
    expect(res.status).toBe(422);
    expect(res.body.error.details.map((d) => d.field)).toEqual(["line 2"]);
    expect(res.body.error.message).toContain(
      "input[0].role must be one of system, user, assistant, tool, developer",
    );
    expect([await count("benchmarks"), await count("benchmark_prompts")]).toEqual(before);
  });

  it("named but never uploaded are a 400 naming the field", async () => {
    const res = await service.call("POST", `${P}/custom-benchmarks`, {
      json: { name: "Ghost", description: "", file: "never-uploaded.jsonl" },
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain("body.file");
  });

  it("of a smart benchmark are stored and its generation job waits in the queue", async () => {
    await uploadFile(
      service,
      tenant,
      "manual.md",
      "# Manual\nThe valve opens at 3 bar.",
      "text/markdown",
    );
    const jobs = await count("jobs", "generate-benchmark");
    const res = await service.call<{ data: { benchmark_id: string } }>(
      "POST",
      `${P}/smart-benchmarks`,
      {
        json: {
          name: "Manual QA",
          description: "",
          system_prompt: "Ask about valves.",
          files: ["manual.md"],
        },
      },
    );
    expect(res.status).toBe(201);
    const got = await service.call<{ data: Record<string, unknown> }>(
      "GET",
      `${P}/benchmarks/${res.body.data.benchmark_id}`,
    );
    expect(got.body.data).toMatchObject({
      kind: "smart",
      generation_status: "generating",
      files: ["manual.md"],
      prompt_count: 0,
    });
    if (service.running.deps.queue.driver === "embedded")
      expect(await count("jobs", "generate-benchmark")).toBe(jobs + 1);
  });
});

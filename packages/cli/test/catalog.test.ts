import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GSM8K_TEST_FILE } from "@assay/test-kit/shared-datasets.ts";
import { describe, expect, it } from "vitest";
import { runCli, serviceEnv, startServer, useFreshDatabase } from "./support/cli.ts";

/**
 * `assay catalog …`: built-in benchmark data imported from a local file on the configured database,
 * then served by the API without any download.
 */

const testDatabase = useFreshDatabase();
const BOOTSTRAP_KEY = "assay_catalogTestKey0000000000000000";

interface ListedBenchmark {
  id: string;
  key: string;
  prompt_count: number;
  loaded: boolean;
  version: string | null;
}

describe("assay catalog", () => {
  it("imports GSM8K from a local file: 1,319 prompts, served by the API with its version", async () => {
    const { env, apiUrl } = await serviceEnv(testDatabase(), {
      ASSAY_BOOTSTRAP_API_KEY: BOOTSTRAP_KEY,
      // Nothing may be downloaded: a mirror nobody listens on makes any download fail loudly.
      ASSAY_DATASET_MIRROR_URL: "http://127.0.0.1:9",
    });
    const imported = await runCli(
      ["catalog", "import", "gsm8k", "--file", GSM8K_TEST_FILE, "--json"],
      env,
    );
    expect(imported, imported.stderr).toMatchObject({ code: 0 });
    const result = JSON.parse(imported.stdout) as {
      key: string;
      prompt_count: number;
      version: string;
    };
    expect(result).toMatchObject({ key: "gsm8k", prompt_count: 1319 });
    expect(result.version).toMatch(/^[0-9a-f]{64}$/);

    const listed = await runCli(["catalog", "list", "--json"], env);
    const benchmarks = JSON.parse(listed.stdout) as ListedBenchmark[];
    const gsm8k = benchmarks.find((b) => b.key === "gsm8k");
    expect(gsm8k).toMatchObject({ loaded: true, prompt_count: 1319, version: result.version });
    expect(benchmarks.find((b) => b.key === "mmlu")).toMatchObject({ loaded: false });

    const server = await startServer([], env);
    const prompts = await fetch(`${apiUrl}/datasets/${gsm8k?.id}/prompts?page=1&page_size=2`, {
      headers: { "x-api-key": BOOTSTRAP_KEY },
    });
    const body = (await prompts.json()) as {
      status: string;
      data: { count: number; prompts: { id: string; input: string; truth: string }[] };
    };
    expect(body.status).toBe("success");
    expect(body.data.count).toBe(1319);
    const first = JSON.parse(readFileSync(GSM8K_TEST_FILE, "utf8").split("\n")[0] as string) as {
      question: string;
      answer: string;
    };
    expect(body.data.prompts[0]?.input).toContain(first.question);
    expect(body.data.prompts[0]?.truth).toBe(
      first.answer.split("####")[1]?.trim().replace(/,/g, ""),
    );
    await server.stop();
  });

  it("refuses an incomplete file and an unknown key, leaving nothing imported", async () => {
    const { env } = await serviceEnv(testDatabase(), {
      ASSAY_DATASET_MIRROR_URL: "http://127.0.0.1:9",
    });
    const dir = mkdtempSync(join(tmpdir(), "assay-catalog-"));
    const truncated = join(dir, "test.jsonl");
    writeFileSync(
      truncated,
      readFileSync(GSM8K_TEST_FILE, "utf8").split("\n").slice(0, 12).join("\n"),
    );

    const short = await runCli(["catalog", "import", "gsm8k", "--file", truncated], env);
    expect(short.code).toBe(1);
    expect(short.stderr).toContain("expected 1319 rows, found 12");

    const unknown = await runCli(["catalog", "import", "nope", "--file", truncated], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("no built-in benchmark nope");

    const listed = await runCli(["catalog", "list", "--json"], env);
    const gsm8k = (JSON.parse(listed.stdout) as ListedBenchmark[]).find((b) => b.key === "gsm8k");
    expect(gsm8k).toMatchObject({ loaded: false, version: null });
  });

  it("says what to do when the download fails: import a copy with --file, or use a mirror", async () => {
    const { env } = await serviceEnv(testDatabase(), {
      ASSAY_DATASET_MIRROR_URL: "http://127.0.0.1:9",
    });
    const failed = await runCli(["catalog", "import", "gsm8k"], env);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain("http://127.0.0.1:9/");
    expect(failed.stderr).toContain(
      "download the file yourself and import it with `assay catalog import gsm8k --file <path>`",
    );
    expect(failed.stderr).toContain("ASSAY_DATASET_MIRROR_URL");
  });

  it("shows a benchmark in words: source, license, template, extraction, scorer, figures", async () => {
    const { env } = await serviceEnv(testDatabase(), { ASSAY_BOOTSTRAP_API_KEY: BOOTSTRAP_KEY });
    const shown = await runCli(["catalog", "show", "gsm8k"], env);
    expect(shown, shown.stderr).toMatchObject({ code: 0 });
    expect(shown.stdout).toContain("GSM8K (gsm8k)");
    expect(shown.stdout).toMatch(/License: +MIT/);
    expect(shown.stdout).toMatch(/About: +https:\/\/github\.com\/openai\/grade-school-math/);
    expect(shown.stdout).toMatch(/Scorer: +numeric/);
    expect(shown.stdout).toMatch(/Extraction: +the number after the last '####'/);
    expect(shown.stdout).toContain("  Question: {{question}}");
    expect(shown.stdout).toMatch(/Reports: +accuracy/);

    const unknown = await runCli(["catalog", "show", "gsm9k"], env);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(
      /no built-in benchmark gsm9k; the built-in benchmarks are gsm8k, /,
    );
  });
});

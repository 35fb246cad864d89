import type { Command } from "commander";
import { describeBenchmark } from "../output/describe-benchmark.ts";
import { printTable } from "../output/table.ts";
import { withAdmin } from "../with-admin.ts";

/** `assay catalog …`: built-in benchmark data, on the configured database and data dir. */
export function registerCatalogCommands(program: Command) {
  const catalog = program.command("catalog");

  catalog
    .command("list")
    .description("list built-in benchmarks and whether their data is loaded")
    .option("--json", "print JSON")
    .action(async (options: { json?: boolean }) => {
      await withAdmin(async (admin) => {
        const benchmarks = await admin.catalog.list();
        if (options.json) {
          console.log(JSON.stringify(benchmarks));
          return;
        }
        printTable(
          ["key", "name", "prompts", "scorer", "license", "loaded"],
          benchmarks.map((b) => [
            b.key,
            b.name,
            b.prompt_count,
            b.scoring.scorer,
            b.source.license,
            b.loaded
              ? "yes"
              : b.source.gated
                ? "no (gated: import a copy with --file)"
                : "no (downloaded on first use)",
          ]),
        );
      });
    });

  catalog
    .command("show")
    .description(
      "describe a built-in benchmark in words: its source, license, prompt template, answer " +
        "extraction, scorer and the figures it reports",
    )
    .argument("<key>", "the benchmark's key, e.g. math-500")
    .option("--json", "print JSON")
    .action(async (key: string, options: { json?: boolean }) => {
      await withAdmin(async (admin) => {
        const benchmarks = await admin.catalog.list();
        const benchmark = benchmarks.find((b) => b.key === key || b.id === key);
        if (!benchmark) {
          const keys = benchmarks.map((b) => b.key).join(", ");
          throw new Error(`no built-in benchmark ${key}; the built-in benchmarks are ${keys}`);
        }
        if (options.json) {
          console.log(JSON.stringify(benchmark));
          return;
        }
        console.log(describeBenchmark(benchmark));
      });
    });

  catalog
    .command("import")
    .description(
      "load a built-in benchmark's data from a local copy of its canonical file " +
        "(or download it now when --file is omitted); the file is checked and its sha256 " +
        "becomes the benchmark's version",
    )
    .argument("<key>", "the benchmark's key, e.g. gsm8k")
    .option("--file <path>", "a local copy of the canonical file")
    .option("--json", "print JSON")
    .action(async (key: string, options: { file?: string; json?: boolean }) => {
      await withAdmin(async (admin) => {
        const result = await admin.catalog.import(key, options.file).catch((error: unknown) => {
          throw options.file === undefined ? withDownloadAdvice(error, key) : error;
        });
        if (options.json) {
          console.log(JSON.stringify(result));
          return;
        }
        console.log(
          `imported ${result.prompt_count} prompts into ${result.key} (version ${result.version.slice(0, 12)}…)`,
        );
      });
    });
}

/**
 * A failed download (no network, a proxy, a blocked host) with the two ways around it: a copy of
 * the file fetched some other way, or a mirror. Other errors (a bad file, an unknown key) as they are.
 */
function withDownloadAdvice(error: unknown, key: string): unknown {
  if (!(error instanceof Error) || error.name !== "BenchmarkDownloadError") return error;
  return new Error(
    `${error.message}\n` +
      `  download the file yourself and import it with \`assay catalog import ${key} --file <path>\`,\n` +
      "  or set ASSAY_DATASET_MIRROR_URL to a mirror that serves the benchmarks' files",
  );
}

import type { Command } from "commander";
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
          ["key", "name", "prompts", "scorer", "loaded"],
          benchmarks.map((b) => [
            b.key,
            b.name,
            b.prompt_count,
            b.scoring.scorer,
            b.loaded ? "yes" : "no (downloaded on first use)",
          ]),
        );
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
        const result = await admin.catalog.import(key, options.file);
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

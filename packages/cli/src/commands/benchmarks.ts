import { type Benchmark, type BenchmarkPrompt, isCustomBenchmark } from "@assay/client";
import { ADDITIONAL_METRICS, SCORER_NAMES } from "@assay/protocol";
import { type Command, Option } from "commander";
import {
  type ConnectionOptions,
  findByIdOrKey,
  isUuid,
  toList,
  toPositiveInteger,
  withApiClient,
  withConnectionOptions,
} from "../api-client.ts";
import { printJson } from "../output/json.ts";
import { formatValue, printFields, printTable, truncate } from "../output/table.ts";

/** `assay benchmarks …`: the benchmarks of the API key's project, over the API. */
export function registerBenchmarkCommands(program: Command) {
  const benchmarks = program.command("benchmarks");

  benchmarks
    .command("list")
    .description("list the project's benchmarks: its custom datasets first, then catalog ones")
    .addOption(
      new Option("--type <type>", "only custom or only catalog benchmarks").choices([
        "custom",
        "public",
      ]),
    )
    .option("--name <text>", "only benchmarks whose name contains this (case-insensitive)")
    .option("--key <text>", "only benchmarks whose key contains this (case-insensitive)")
    .option("--json", "print JSON")
    .action(async (options: ListOptions) => {
      await withApiClient(options, async (client) => {
        const { benchmarks: rows } = await client.benchmarks.get({
          type: options.type,
          name: options.name,
          key: options.key,
        });
        if (options.json) return printJson(rows);
        if (rows.length === 0) return console.log("no benchmarks");
        printTable(
          ["id", "key", "name", "type", "prompts", "scorer"],
          rows.map((b) =>
            isCustomBenchmark(b)
              ? [b.id, b.key, b.name, "custom", b.prompt_count, b.scoring_metric]
              : [b.id, b.key, b.name, "public", b.prompt_count, b.scoring.scorer],
          ),
        );
      });
    });

  benchmarks
    .command("show")
    .description("show one benchmark of the project")
    .argument("<id-or-key>", "the benchmark's id, or its key (e.g. gsm8k)")
    .option("--json", "print JSON")
    .action(async (idOrKey: string, options: ConnectionOptions & { json?: boolean }) => {
      await withApiClient(options, async (client) => {
        const benchmark = await findByIdOrKey(idOrKey, "benchmark", client.benchmarks);
        if (options.json) return printJson(benchmark);
        printFields(benchmarkFields(benchmark));
      });
    });

  benchmarks
    .command("create")
    .description(
      "upload a dataset (JSONL, JSON, CSV or Parquet rows of input and truth) as a custom benchmark; prints its id",
    )
    .requiredOption("--name <name>", "display name; the key is made from it")
    .requiredOption("--file <path>", "the dataset file")
    .option("--description <text>", "what the benchmark measures", "")
    .addOption(
      new Option(
        "--input-type <type>",
        "how `input` is sent: chat messages or a JSON payload",
      ).choices(["messages", "json_payload"]),
    )
    .addOption(
      new Option("--scoring-metric <scorer>", "how answers are scored").choices(SCORER_NAMES),
    )
    .option(
      "--regex-pattern <pattern>",
      "for --scoring-metric regex: the pattern answers must match",
    )
    .option("--system-prompt <text>", "system prompt sent with every prompt")
    .option("--llm-judge-model <id>", "for --scoring-metric llm_judge: the judging model's id")
    .option("--custom-instructions <text>", "for --scoring-metric llm_judge: extra instructions")
    .option(
      "--additional-metrics <list>",
      `extra metrics, comma-separated (${ADDITIONAL_METRICS.join(", ")})`,
      toList,
    )
    .option(
      "--scorers <ids>",
      "scorers that grade every result of the benchmark's runs, comma-separated ids (assay scorers list)",
      toList,
    )
    .option("--json", "print JSON")
    .action(async (options: CreateOptions) => {
      await withApiClient(options, async (client) => {
        const created = await client.benchmarks.createCustom({
          name: options.name,
          description: options.description,
          file: options.file,
          input_type: options.inputType,
          scoring_metric: options.scoringMetric,
          regex_pattern: options.regexPattern,
          system_prompt: options.systemPrompt,
          llm_judge_model_id: options.llmJudgeModel,
          custom_instructions: options.customInstructions,
          additional_metrics: options.additionalMetrics,
          custom_scorers: options.scorers,
        });
        if (options.json) return printJson(created);
        console.log(created.benchmark_id);
        console.error(`created benchmark ${options.name}`);
      });
    });

  benchmarks
    .command("generate")
    .description(
      "write a benchmark's questions from documents (PDF, text, Markdown, JSON, CSV) with the server's generator model; prints its id",
    )
    .requiredOption("--name <name>", "display name; the key is made from it")
    .option("--file <path>", "a document; repeat for more (1–20)", collect, [])
    .option("--description <text>", "what the benchmark should test", "")
    .option("--system-prompt <text>", "system prompt sent with every question", "")
    .option("--metrics <list>", "metrics to report, comma-separated", toList)
    .option("--wait", "wait until the questions are written (exit 1 if generation fails)")
    .option("--json", "print JSON")
    .action(async (options: GenerateOptions) => {
      if (options.file.length === 0) throw new Error("name at least one document: --file <path>");
      await withApiClient(options, async (client) => {
        const created = await client.benchmarks.createSmart({
          name: options.name,
          description: options.description,
          system_prompt: options.systemPrompt,
          files: options.file,
          metrics: options.metrics,
        });
        const id = created.benchmark_id;
        if (!options.wait) {
          if (options.json) return printJson(created);
          console.log(id);
          return console.error(`generating benchmark ${options.name}`);
        }
        console.error(`generating benchmark ${options.name} (${id})…`);
        const ended = await client.benchmarks.waitForGeneration(id);
        if (options.json) printJson(ended);
        else {
          console.log(id);
          console.error(`${ended.generation_status}: ${ended.status_description}`);
        }
        if (ended.generation_status === "failed") process.exitCode = 1;
      });
    });

  benchmarks
    .command("prompts")
    .description("list a benchmark's prompts, a page at a time or all of them")
    .argument("<id-or-key>", "the benchmark's id or key")
    .option("--page <n>", "page number (default 1)", toPositiveInteger)
    .option("--page-size <n>", "prompts per page (default 100, at most 1000)", toPositiveInteger)
    .addOption(
      new Option("--search <field>", "look for --value in this field").choices([
        "id",
        "input",
        "truth",
      ]),
    )
    .option("--value <text>", "the text to look for (with --search)")
    .option("--all", "every prompt, fetched page by page")
    .option("--json", "print JSON: {prompts, count}")
    .action(async (idOrKey: string, options: PromptsOptions) => {
      checkPromptsOptions(options);
      await withApiClient(options, async (client) => {
        const id = isUuid(idOrKey)
          ? idOrKey
          : (await findByIdOrKey(idOrKey, "benchmark", client.benchmarks)).id;
        if (options.all) {
          const prompts = await client.benchmarks.getAllPrompts(id);
          if (options.json) return printJson({ prompts, count: prompts.length });
          printPrompts(prompts);
          return console.log(`${prompts.length} prompts`);
        }
        const page = await client.benchmarks.getPrompts(id, {
          page: options.page,
          page_size: options.pageSize,
          search: options.search,
          search_value: options.value,
        });
        if (options.json) return printJson(page);
        printPrompts(page.prompts);
        console.log(
          `${page.prompts.length} of ${page.count} prompts${options.search ? " matching" : ""} (page ${options.page ?? 1})`,
        );
      });
    });

  // Last, so each command's help lists its own options first.
  for (const command of benchmarks.commands) withConnectionOptions(command);
}

interface ListOptions extends ConnectionOptions {
  type?: "custom" | "public";
  name?: string;
  key?: string;
  json?: boolean;
}

interface CreateOptions extends ConnectionOptions {
  name: string;
  file: string;
  description: string;
  inputType?: "messages" | "json_payload";
  scoringMetric?: (typeof SCORER_NAMES)[number];
  regexPattern?: string;
  systemPrompt?: string;
  llmJudgeModel?: string;
  customInstructions?: string;
  additionalMetrics?: (typeof ADDITIONAL_METRICS)[number][];
  scorers?: string[];
  json?: boolean;
}

interface GenerateOptions extends ConnectionOptions {
  name: string;
  file: string[];
  description: string;
  systemPrompt: string;
  metrics?: string[];
  wait?: boolean;
  json?: boolean;
}

interface PromptsOptions extends ConnectionOptions {
  page?: number;
  pageSize?: number;
  search?: "id" | "input" | "truth";
  value?: string;
  all?: boolean;
  json?: boolean;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function checkPromptsOptions(options: PromptsOptions): void {
  if ((options.search === undefined) !== (options.value === undefined)) {
    throw new Error("--search and --value go together: --search input --value <text>");
  }
  if (options.all && (options.page ?? options.pageSize ?? options.search) !== undefined) {
    throw new Error("--all lists every prompt: leave out --page, --page-size and --search");
  }
}

function printPrompts(prompts: BenchmarkPrompt[]): void {
  if (prompts.length === 0) return;
  printTable(
    ["id", "input", "truth", "subset"],
    prompts.map((p) => [p.id, truncate(formatValue(p.input), 60), truncate(p.truth, 30), p.subset]),
  );
}

function benchmarkFields(benchmark: Benchmark): [string, unknown][] {
  if (isCustomBenchmark(benchmark)) {
    return [
      ["id", benchmark.id],
      ["key", benchmark.key],
      ["name", benchmark.name],
      ["type", benchmark.kind === "smart" ? "custom (smart)" : "custom"],
      ["description", benchmark.description],
      ["prompts", benchmark.prompt_count],
      ["input type", benchmark.input_type],
      ["scoring metric", benchmark.scoring_metric],
      ["regex pattern", benchmark.regex_pattern],
      ["system prompt", benchmark.system_prompt],
      ["llm judge model", benchmark.llm_judge_model_id],
      ["custom instructions", benchmark.custom_instructions],
      ["metrics", benchmark.metrics],
      ["scorers", benchmark.custom_scorers],
      ["files", benchmark.files],
      ["status", `${benchmark.generation_status} ${benchmark.status_description}`.trim()],
      ["disabled", benchmark.disabled],
      ["created", benchmark.created_at],
    ];
  }
  return [
    ["id", benchmark.id],
    ["key", benchmark.key],
    ["name", benchmark.name],
    ["type", "public"],
    ["description", benchmark.full_description || benchmark.description],
    ["language", benchmark.language],
    ["categories", benchmark.categories],
    ["prompts", benchmark.prompt_count],
    ["scorer", benchmark.scoring.scorer],
    ["regex pattern", benchmark.scoring.regex_pattern],
    ["data loaded", benchmark.loaded],
    ["data version", benchmark.version],
    ["deprecated", benchmark.deprecated],
  ];
}

import type { Command } from "commander";

/** Adds a command module's commands to the program. */
export type Register = (program: Command) => void;

/**
 * The top-level commands: what `assay --help` lists, and where each one's module is. A command's
 * module (and through it @assay/client, @assay/protocol's schemas or @assay/server) is loaded only
 * when that command runs, so `assay --version` and `assay --help` load none of them, and a client
 * command never loads the server.
 */
export interface CommandEntry {
  name: string;
  /** The arguments shown beside the name in `assay --help`. */
  args?: string;
  description: string;
  load: () => Promise<Register[]>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: "serve",
    description: "run the HTTP API with in-process background workers",
    load: async () => [(await import("./commands/serve.ts")).registerServeCommands],
  },
  {
    name: "worker",
    description: "run background workers only (evaluations, trace judging, optimizations)",
    load: async () => [(await import("./commands/serve.ts")).registerServeCommands],
  },
  {
    name: "keys",
    description: "manage organizations, projects and API keys",
    load: async () => [(await import("./commands/keys.ts")).registerKeysCommands],
  },
  {
    name: "models",
    description: "list and inspect the project's models; manage its custom model endpoints",
    load: async () => [(await import("./commands/models.ts")).registerModelCommands],
  },
  {
    name: "benchmarks",
    description:
      "list and inspect the project's benchmarks and their prompts; upload datasets; generate from documents",
    load: async () => [(await import("./commands/benchmarks.ts")).registerBenchmarkCommands],
  },
  {
    name: "eval",
    description: "run a model on a benchmark, follow evaluations, cancel them, gate CI on them",
    load: async () => [(await import("./commands/eval.ts")).registerEvalCommands],
  },
  {
    name: "results",
    args: "<evaluation-id>",
    description:
      "list an evaluation's per-prompt results, in benchmark order (`results show <evaluation-id> <position>`: one in full)",
    load: async () => [(await import("./commands/results.ts")).registerResultsCommand],
  },
  {
    name: "compare",
    args: "<evaluation-a> <evaluation-b>",
    description:
      "compare two evaluations of the same benchmark: counters, accuracy difference with its 95% CI, McNemar's p-value, and the prompts they disagree on",
    load: async () => [(await import("./commands/compare.ts")).registerCompareCommand],
  },
  {
    name: "traces",
    description: "upload traces of your AI application (JSON or JSONL), list, inspect, delete them",
    load: async () => [(await import("./commands/traces.ts")).registerTraceCommands],
  },
  {
    name: "judges",
    description: "create, inspect and change the project's LLM judges (run them: assay judge run)",
    load: async () => [(await import("./commands/judges.ts")).registerJudgeCommands],
  },
  {
    name: "scorers",
    description:
      "create, inspect and change the project's scorers: rubrics a model grades a custom benchmark's results by",
    load: async () => [(await import("./commands/scorers.ts")).registerScorerCommands],
  },
  {
    name: "integrations",
    description:
      "the organization's webhooks and Slack notifications when runs end: list, create, test, see the delivery log",
    load: async () => [(await import("./commands/integrations.ts")).registerIntegrationCommands],
  },
  {
    name: "judge",
    description: "run a judge over traces, or optimize its goal against people's labels",
    load: async () => [
      (await import("./commands/judge-run.ts")).registerJudgeRunCommand,
      (await import("./commands/judge-optimize.ts")).registerJudgeOptimizeCommand,
    ],
  },
  {
    name: "annotate",
    description: "label what judges should say about traces, and see how the judges agree",
    load: async () => [(await import("./commands/annotate.ts")).registerAnnotateCommands],
  },
  {
    name: "backup",
    args: "<file>",
    description:
      "copy the SQLite database consistently while the service runs (PostgreSQL: pg_dump)",
    load: async () => [(await import("./commands/backup.ts")).registerBackupCommand],
  },
  {
    name: "catalog",
    description: "manage the data of built-in benchmarks",
    load: async () => [(await import("./commands/catalog.ts")).registerCatalogCommands],
  },
];

/**
 * The entry of the command `args` (the process's arguments after `assay`) run, if any: the first
 * word, or the one after `help`. Options never come before a command's name: `assay` has none
 * but --version and --help.
 */
export function findCommand(args: readonly string[]): CommandEntry | undefined {
  const words = args.filter((arg) => !arg.startsWith("-"));
  const name = words[0] === "help" ? words[1] : words[0];
  return COMMANDS.find((entry) => entry.name === name);
}

/**
 * Builds the program for `args`: the command that runs, with its module loaded, or else every
 * command as a name and a description (for `--help`, `--version`, and an unknown command's error).
 */
export async function addCommands(program: Command, args: readonly string[]): Promise<void> {
  const entry = findCommand(args);
  if (entry === undefined) {
    for (const { name, args: usage, description } of COMMANDS) {
      program.command(usage ? `${name} ${usage}` : name).description(description);
    }
    return;
  }
  for (const register of await entry.load()) register(program);
  // The descriptions live here only; a module may have registered more than its own command.
  for (const command of program.commands) {
    const described = COMMANDS.find((c) => c.name === command.name());
    if (described) command.description(described.description);
  }
}

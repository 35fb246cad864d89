import { SERVICE_VERSION } from "@assay/server";
import { Command } from "commander";
import { registerAnnotateCommands } from "./commands/annotate.ts";
import { registerBenchmarkCommands } from "./commands/benchmarks.ts";
import { registerCatalogCommands } from "./commands/catalog.ts";
import { registerCompareCommand } from "./commands/compare.ts";
import { registerEvalCommands } from "./commands/eval.ts";
import { registerJudgeOptimizeCommand } from "./commands/judge-optimize.ts";
import { registerJudgeRunCommand } from "./commands/judge-run.ts";
import { registerJudgeCommands } from "./commands/judges.ts";
import { registerKeysCommands } from "./commands/keys.ts";
import { registerModelCommands } from "./commands/models.ts";
import { registerResultsCommand } from "./commands/results.ts";
import { registerServeCommands } from "./commands/serve.ts";
import { registerTraceCommands } from "./commands/traces.ts";
import { runCommand } from "./run-command.ts";

const program = new Command("assay")
  .description("Assay: a self-hosted evaluation service for AI models")
  .version(SERVICE_VERSION)
  .showHelpAfterError();

registerServeCommands(program);
registerKeysCommands(program);
registerModelCommands(program);
registerBenchmarkCommands(program);
registerEvalCommands(program);
registerResultsCommand(program);
registerCompareCommand(program);
registerTraceCommands(program);
registerJudgeCommands(program);
registerJudgeRunCommand(program);
registerJudgeOptimizeCommand(program);
registerAnnotateCommands(program);
registerCatalogCommands(program);

await runCommand(() => program.parseAsync(process.argv));

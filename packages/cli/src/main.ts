import { SERVICE_VERSION } from "@assay/server";
import { Command } from "commander";
import { registerKeysCommands } from "./commands/keys.ts";
import { registerServeCommands } from "./commands/serve.ts";
import { runCommand } from "./run-command.ts";

const program = new Command("assay")
  .description("Assay: a self-hosted evaluation service for AI models")
  .version(SERVICE_VERSION)
  .showHelpAfterError();

registerServeCommands(program);
registerKeysCommands(program);

await runCommand(() => program.parseAsync(process.argv));

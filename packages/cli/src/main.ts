import { Command } from "commander";
import { addCommands } from "./command-index.ts";
import { runCommand } from "./run-command.ts";
import { CLI_VERSION } from "./version.ts";

// Client commands must not load the server (a client installs without it), and `assay --version` should answer
// in a blink: command-index.ts loads only the module of the command that runs, and the
// server-side commands (serve, worker, keys, catalog) import @assay/server inside their actions.
const program = new Command("assay")
  .description("Assay: a self-hosted evaluation service for AI models")
  .version(CLI_VERSION)
  // Each command parses its own options: `results show … --json` is show's --json, not the
  // listing's (see commands/results.ts).
  .enablePositionalOptions()
  .showHelpAfterError();

await runCommand(async () => {
  await addCommands(program, process.argv.slice(2));
  await program.parseAsync(process.argv);
});

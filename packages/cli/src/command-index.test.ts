import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { addCommands, COMMANDS, findCommand } from "./command-index.ts";

describe("the command index", () => {
  it("loads each command's module, which registers the command under the index's name", async () => {
    for (const entry of COMMANDS) {
      const program = new Command("assay");
      await addCommands(program, [entry.name, "--help"]);
      const command = program.commands.find((c) => c.name() === entry.name);
      expect(command, entry.name).toBeDefined();
      expect(command?.description()).toBe(entry.description);
      // A real command runs something or has subcommands, unlike the listing's stubs (commander
      // keeps the action in a field of its own).
      const action = (command as unknown as { _actionHandler: unknown })._actionHandler;
      expect(action !== null || (command?.commands.length ?? 0) > 0, entry.name).toBe(true);
    }
  });

  it("lists every command by name and description when none is run", async () => {
    const program = new Command("assay");
    await addCommands(program, ["--version"]);
    expect(program.commands.map((c) => [c.name(), c.description()])).toEqual(
      COMMANDS.map((c) => [c.name, c.description]),
    );
  });

  it("finds the command run, also after `help`", () => {
    expect(findCommand(["eval", "list", "--json"])?.name).toBe("eval");
    expect(findCommand(["help", "results"])?.name).toBe("results");
    expect(findCommand(["--help"])).toBeUndefined();
    expect(findCommand(["nonsense"])).toBeUndefined();
  });
});

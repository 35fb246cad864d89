import type { Command } from "commander";
import { printTable } from "../output/table.ts";
import { withAdmin } from "../with-admin.ts";

/** `assay keys …`: administration on the configured database and data dir (works while serving). */
export function registerKeysCommands(program: Command) {
  const keys = program.command("keys");

  keys
    .command("create")
    .description(
      "create an API key (and its organization and project, when new); the key is shown once",
    )
    .option("--organization <name>", "organization name", "Default Organization")
    .option("--project <name>", "project name; the key's default project", "Default Project")
    .option("--name <label>", "a label to recognize the key by", "api key")
    .option("--json", "print JSON")
    .action(
      async (options: { organization: string; project: string; name: string; json?: boolean }) => {
        await withAdmin(async (admin) => {
          const created = await admin.keys.create(options);
          if (options.json) {
            console.log(
              JSON.stringify({
                id: created.id,
                key: created.key,
                organization: { id: created.organization.id, name: created.organization.name },
                project: { id: created.project.id, name: created.project.name },
              }),
            );
            return;
          }
          console.log(created.key);
          console.error(
            `created key ${created.id} for ${created.organization.name} / ${created.project.name}; ` +
              "store it now, it is not shown again",
          );
        });
      },
    );

  keys
    .command("list")
    .description("list API keys (never the keys themselves)")
    .option("--organization <name>", "only this organization's keys")
    .option("--json", "print JSON")
    .action(async (options: { organization?: string; json?: boolean }) => {
      await withAdmin(async (admin) => {
        const rows = await admin.keys.list(options);
        if (options.json) {
          console.log(JSON.stringify(rows));
          return;
        }
        if (rows.length === 0) {
          console.log("no API keys");
          return;
        }
        printTable(
          ["id", "key", "name", "organization", "project", "created", "last used", "revoked"],
          rows.map((r) => [
            r.id,
            r.display,
            r.name,
            r.organization_name,
            r.project_name,
            r.created_at,
            r.last_used_at ?? "never",
            r.revoked_at ?? "",
          ]),
        );
      });
    });

  keys
    .command("revoke")
    .description("revoke an API key by id; requests with it fail from then on")
    .argument("<id>", "the key's id (see `assay keys list`)")
    .action(async (id: string) => {
      await withAdmin(async (admin) => {
        if (!(await admin.keys.revoke(id))) throw new Error(`no active API key with id ${id}`);
        console.log(`revoked ${id}`);
      });
    });
}

import type { Scorer } from "@assay/client";
import type { Command } from "commander";
import {
  type ConnectionOptions,
  notFoundAs,
  toPositiveInteger,
  withApiClient,
  withConnectionOptions,
} from "../api-client.ts";
import { printJson } from "../output/json.ts";
import { printFields, printTable, truncate } from "../output/table.ts";

/** `assay scorers …`: the grading rubrics of the API key's project, over the API. */
export function registerScorerCommands(program: Command) {
  const scorers = program.command("scorers");

  scorers
    .command("list")
    .description("list the project's scorers, newest first")
    .option("--page <n>", "page number (default 1)", toPositiveInteger)
    .option("--page-size <n>", "scorers per page (default 100, at most 500)", toPositiveInteger)
    .option("--json", "print JSON: {scorers, count, totalCount, pagination}")
    .action(async (options: ListOptions) => {
      await withApiClient(options, async (client) => {
        const page = await client.scorers.getMany({
          page: options.page,
          pageSize: options.pageSize,
        });
        if (options.json) return printJson(page);
        if (page.scorers.length === 0) {
          return console.log(page.totalCount === 0 ? "no scorers" : "no scorers on this page");
        }
        printTable(
          ["id", "name", "model", "prompt", "updated"],
          page.scorers.map((s) => [
            s.id,
            truncate(s.name, 30),
            s.model_name || s.model_id,
            truncate(s.prompt, 40),
            s.updated_at,
          ]),
        );
        const { pagination } = page;
        console.log(
          `${page.scorers.length} of ${page.totalCount} scorers (page ${pagination.page} of ${pagination.totalPages})`,
        );
      });
    });

  scorers
    .command("show")
    .description("show a scorer")
    .argument("<id>", "the scorer's id")
    .option("--json", "print JSON")
    .action(async (id: string, options: ConnectionOptions & { json?: boolean }) => {
      await withApiClient(options, async (client) => {
        const scorer = await onScorer(id, () => client.scorers.get(id));
        if (options.json) return printJson(scorer);
        printFields(scorerFields(scorer));
      });
    });

  scorers
    .command("create")
    .description(
      "create a scorer: a rubric a model grades every response of a custom benchmark by (name it in `assay benchmarks create --scorers`); prints its id",
    )
    .requiredOption("--name <name>", "unique name in the project (at most 64 characters)")
    .requiredOption(
      "--model <id-or-key>",
      "the grading model: a model of the project, by id or key",
    )
    .requiredOption(
      "--prompt <text>",
      "the rubric: what a response must do to pass, in plain words (at least 10 characters)",
    )
    .option("--description <text>", "what the scorer measures", "")
    .option("--json", "print JSON: the new scorer")
    .action(async (options: CreateOptions) => {
      await withApiClient(options, async (client) => {
        const scorer = await client.scorers.create({
          name: options.name,
          description: options.description,
          model_id: options.model,
          prompt: options.prompt,
        });
        if (options.json) return printJson(scorer);
        console.log(scorer.id);
        console.error(
          `created scorer ${scorer.name} (model: ${scorer.model_name || scorer.model_id})`,
        );
      });
    });

  scorers
    .command("update")
    .description(
      "change a scorer; only the options given change (runs already created keep the scorer as it was)",
    )
    .argument("<id>", "the scorer's id")
    .option("--name <name>", "new name")
    .option("--description <text>", "new description")
    .option("--model <id-or-key>", "new grading model, by id or key")
    .option("--prompt <text>", "new rubric (at least 10 characters)")
    .option("--json", "print JSON: the updated scorer")
    .action(async (id: string, options: UpdateOptions) => {
      const body = {
        name: options.name,
        description: options.description,
        model_id: options.model,
        prompt: options.prompt,
      };
      if (Object.values(body).every((value) => value === undefined)) {
        throw new Error(
          "nothing to change: give --name, --description, --model or --prompt (see `assay scorers update --help`)",
        );
      }
      await withApiClient(options, async (client) => {
        const scorer = await onScorer(id, () => client.scorers.update(id, body));
        if (options.json) return printJson(scorer);
        console.log(`updated ${scorer.id}`);
      });
    });

  scorers
    .command("delete")
    .description("delete a scorer (benchmarks stop using it; finished runs keep its grades)")
    .argument("<id>", "the scorer's id")
    .option("--json", "print JSON")
    .action(async (id: string, options: ConnectionOptions & { json?: boolean }) => {
      await withApiClient(options, async (client) => {
        const deleted = await onScorer(id, () => client.scorers.delete(id));
        if (options.json) return printJson(deleted);
        console.log(`deleted ${deleted.id}`);
      });
    });

  // Last, so each command's help lists its own options first.
  for (const command of scorers.commands) withConnectionOptions(command);
}

interface ListOptions extends ConnectionOptions {
  page?: number;
  pageSize?: number;
  json?: boolean;
}

interface CreateOptions extends ConnectionOptions {
  name: string;
  model: string;
  prompt: string;
  description: string;
  json?: boolean;
}

interface UpdateOptions extends ConnectionOptions {
  name?: string;
  description?: string;
  model?: string;
  prompt?: string;
  json?: boolean;
}

/** Runs `action`, turning a 404 into a message that names the id. */
const onScorer = notFoundAs("scorer", "project");

function scorerFields(scorer: Scorer): [string, unknown][] {
  return [
    ["id", scorer.id],
    ["name", scorer.name],
    ["description", scorer.description],
    ["model", scorer.model_name ? `${scorer.model_name} (${scorer.model_id})` : scorer.model_id],
    ["company", scorer.model_company],
    ["prompt", scorer.prompt],
    ["created", scorer.created_at],
    ["updated", scorer.updated_at],
  ];
}

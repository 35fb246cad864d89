import type { Judge } from "@assay/client";
import type { Command } from "commander";
import {
  type ConnectionOptions,
  notFoundAs,
  toPositiveInteger,
  withApiClient,
  withConnectionOptions,
} from "../api-client.ts";
import { agreementText } from "../output/agreement.ts";
import { printJson } from "../output/json.ts";
import { printFields, printTable, truncate } from "../output/table.ts";

/** `assay judges …`: the LLM judges of the API key's project, over the API. */
export function registerJudgeCommands(program: Command) {
  const judges = program.command("judges");

  judges
    .command("list")
    .description("list the project's judges")
    .option("--page <n>", "page number (default 1)", toPositiveInteger)
    .option("--page-size <n>", "judges per page (default 100, at most 500)", toPositiveInteger)
    .option("--json", "print JSON: {judges, count, totalCount, pagination}")
    .action(async (options: ListOptions) => {
      await withApiClient(options, async (client) => {
        const page = await client.judges.getMany({
          page: options.page,
          pageSize: options.pageSize,
        });
        if (options.json) return printJson(page);
        if (page.judges.length === 0) {
          return console.log(page.totalCount === 0 ? "no judges" : "no judges on this page");
        }
        printTable(
          ["id", "name", "version", "model", "runs", "updated"],
          page.judges.map((j) => [
            j.id,
            truncate(j.name, 30),
            j.version,
            shortModelText(j),
            j.run_count,
            j.updated_at,
          ]),
        );
        const { pagination } = page;
        console.log(
          `${page.judges.length} of ${page.totalCount} judges (page ${pagination.page} of ${pagination.totalPages})`,
        );
      });
    });

  judges
    .command("show")
    .description("show a judge and its versions")
    .argument("<id>", "the judge's id")
    .option("--json", "print JSON")
    .action(async (id: string, options: ConnectionOptions & { json?: boolean }) => {
      await withApiClient(options, async (client) => {
        const judge = await onJudge(id, () => client.judges.get(id));
        if (options.json) return printJson(judge);
        printFields(judgeFields(judge));
        if (judge.versions.length > 1) {
          printTable(
            ["version", "name", "model", "updated", "by"],
            judge.versions.map((v) => [
              v.version,
              v.name,
              shortModelText(v),
              v.updated_at,
              v.updated_by,
            ]),
          );
        }
      });
    });

  judges
    .command("create")
    .description("create a judge: a name, what it checks, and the model that judges; prints its id")
    .requiredOption("--name <name>", "unique name in the project")
    .requiredOption(
      "--evaluation-goal <text>",
      "what a trace must do to pass, in plain words (at least 10 characters)",
    )
    .option(
      "--model <id-or-key>",
      "the judging model: a model of the project, by id or key (default: the service's default judge model)",
    )
    .option("--json", "print JSON: the new judge")
    .action(async (options: CreateOptions) => {
      await withApiClient(options, async (client) => {
        const judge = await client.judges.create({
          name: options.name,
          evaluation_goal: options.evaluationGoal,
          model_id: options.model,
        });
        if (options.json) return printJson(judge);
        console.log(judge.id);
        console.error(`created judge ${judge.name} (model: ${shortModelText(judge)})`);
      });
    });

  judges
    .command("update")
    .description("change a judge; only the options given change, and the judge gets a new version")
    .argument("<id>", "the judge's id")
    .option("--name <name>", "new name")
    .option("--evaluation-goal <text>", "new evaluation goal (at least 10 characters)")
    .option("--model <id-or-key>", "new judging model, by id or key")
    .option("--json", "print JSON: the updated judge")
    .action(async (id: string, options: UpdateOptions) => {
      const body = {
        name: options.name,
        evaluation_goal: options.evaluationGoal,
        model_id: options.model,
      };
      if (Object.values(body).every((value) => value === undefined)) {
        throw new Error(
          "nothing to change: give --name, --evaluation-goal or --model (see `assay judges update --help`)",
        );
      }
      await withApiClient(options, async (client) => {
        const judge = await onJudge(id, () => client.judges.update(id, body));
        if (options.json) return printJson(judge);
        console.log(`updated ${judge.id}: now version ${judge.version}`);
      });
    });

  judges
    .command("delete")
    .description("delete a judge")
    .argument("<id>", "the judge's id")
    .option("--json", "print JSON")
    .action(async (id: string, options: ConnectionOptions & { json?: boolean }) => {
      await withApiClient(options, async (client) => {
        const deleted = await onJudge(id, () => client.judges.delete(id));
        if (options.json) return printJson(deleted);
        console.log(`deleted ${deleted.id}`);
      });
    });

  // Last, so each command's help lists its own options first.
  for (const command of judges.commands) withConnectionOptions(command);
}

interface ListOptions extends ConnectionOptions {
  page?: number;
  pageSize?: number;
  json?: boolean;
}

interface CreateOptions extends ConnectionOptions {
  name: string;
  evaluationGoal: string;
  model?: string;
  json?: boolean;
}

interface UpdateOptions extends ConnectionOptions {
  name?: string;
  evaluationGoal?: string;
  model?: string;
  json?: boolean;
}

/** Runs `action`, turning a 404 into a message that names the id. */
export const onJudge = notFoundAs("judge", "project");

/** What a judge created without a model judges with: the service's setting, read at run time. */
const DEFAULT_MODEL_TEXT = "the default judge model (ASSAY_DEFAULT_JUDGE_MODEL)";

/** The model's name, else its id, else the default it falls back to. */
function shortModelText(judge: { model_name?: string | undefined; model_id?: string | undefined }) {
  return judge.model_name || judge.model_id || DEFAULT_MODEL_TEXT;
}

/** The model's name and id, as far as known. */
function modelText(judge: Judge): string {
  if (!judge.model_name) return judge.model_id ?? DEFAULT_MODEL_TEXT;
  return judge.model_id ? `${judge.model_name} (${judge.model_id})` : judge.model_name;
}

function judgeFields(judge: Judge): [string, unknown][] {
  return [
    ["id", judge.id],
    ["name", judge.name],
    ["version", judge.version],
    ["evaluation goal", judge.evaluation_goal],
    ["model", modelText(judge)],
    ["company", judge.model_company],
    ["runs", judge.run_count],
    ["agreement", agreementText(judge.agreement)],
    ["created", judge.created_at],
    ["updated", judge.updated_at],
  ];
}

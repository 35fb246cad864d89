import { type Client, type Judge, loadAnnotations } from "@assay/client";
import type { Command } from "commander";
import {
  type ConnectionOptions,
  toPositiveInteger,
  withApiClient,
  withConnectionOptions,
} from "../api-client.ts";
import { agreementText } from "../output/agreement.ts";
import { printJson } from "../output/json.ts";
import { printTable, truncate } from "../output/table.ts";
import { onJudge } from "./judges.ts";
import { countText } from "./traces.ts";

/**
 * `assay annotate …`: people's labels of what judges should say about traces, and how the
 * judges' verdicts agree with them.
 */
export function registerAnnotateCommands(program: Command) {
  const annotate = program.command("annotate");

  annotate
    .command("import")
    .description(
      "import labels from a JSONL file of {trace_id, judge_id, passed, score?, comment?} lines, all or nothing; prints the counts and each judge's agreement",
    )
    .argument("<file>", "the .jsonl file")
    .option("--json", "print JSON: {created, updated, trace_evaluations_created, judges}")
    .action(async (file: string, options: ConnectionOptions & { json?: boolean }) => {
      // Read and checked before any request: a bad line is named with its number.
      const annotations = await loadAnnotations(file);
      await withApiClient(options, async (client) => {
        const counts = await client.annotations.import(annotations);
        const judges = await judgesOf(client, [...new Set(annotations.map((a) => a.judge_id))]);
        if (options.json) {
          return printJson({
            ...counts,
            judges: judges.map((j) => ({ id: j.id, name: j.name, agreement: j.agreement })),
          });
        }
        console.log(
          `imported ${countText(counts.created + counts.updated, "label")} from ${file}: ${counts.created} new, ${counts.updated} replaced`,
        );
        if (counts.trace_evaluations_created > 0) {
          console.log(
            `queued ${countText(counts.trace_evaluations_created, "trace evaluation")} where the judge had not judged the trace; agreement grows as they finish`,
          );
        }
        for (const judge of judges) console.log(`${judge.name}: ${agreementText(judge.agreement)}`);
      });
    });

  annotate
    .command("list")
    .description("list a judge's labels, newest first, beside its verdicts")
    .requiredOption("--judge <id>", "the judge's id")
    .option("--page <n>", "page number (default 1)", toPositiveInteger)
    .option("--page-size <n>", "labels per page (default 100, at most 500)", toPositiveInteger)
    .option("--json", "print JSON: {annotations, count, totalCount, agreement, pagination}")
    .action(async (options: ListOptions) => {
      await withApiClient(options, async (client) => {
        const page = await onJudge(options.judge, () =>
          client.annotations.listForJudge(options.judge, {
            page: options.page,
            pageSize: options.pageSize,
          }),
        );
        if (options.json) return printJson(page);
        if (page.annotations.length > 0) {
          printTable(
            ["trace", "label", "judge", "agrees", "score", "comment", "by", "updated"],
            page.annotations.map((a) => [
              a.trace_id,
              verdict(a.passed),
              a.judge_passed === undefined ? "" : verdict(a.judge_passed),
              a.agrees,
              a.score,
              truncate(a.comment ?? "", 40),
              a.created_by,
              a.updated_at,
            ]),
          );
          const { pagination } = page;
          console.log(
            `${page.annotations.length} of ${page.totalCount} labels (page ${pagination.page} of ${pagination.totalPages})`,
          );
        }
        console.log(agreementText(page.agreement));
      });
    });

  for (const command of annotate.commands) withConnectionOptions(command);
}

interface ListOptions extends ConnectionOptions {
  judge: string;
  page?: number;
  pageSize?: number;
  json?: boolean;
}

function verdict(passed: boolean): string {
  return passed ? "pass" : "fail";
}

/** The judges an import concerned, as they are after it (one request each; imports name few). */
function judgesOf(client: Client, ids: string[]): Promise<Judge[]> {
  return Promise.all(ids.map((id) => client.judges.get(id)));
}

import type { Trace, TraceWithEvaluations } from "@assay/client";
import { TRACE_SORT_KEYS } from "@assay/protocol";
import { type Command, Option } from "commander";
import {
  type ConnectionOptions,
  notFoundAs,
  toPositiveInteger,
  withApiClient,
  withConnectionOptions,
} from "../api-client.ts";
import { printJson } from "../output/json.ts";
import { printFields, printTable, truncate } from "../output/table.ts";

/** `assay traces …`: the traces of the API key's project, over the API. */
export function registerTraceCommands(program: Command) {
  const traces = program.command("traces");

  traces
    .command("upload")
    .description("upload a JSONL or JSON file: one trace per record; prints the new traces' ids")
    .argument(
      "<file>",
      "the trace file (.jsonl: one JSON object per line; .json: an object or array)",
    )
    .option("--json", "print JSON: {trace_ids}")
    .action(async (file: string, options: ConnectionOptions & { json?: boolean }) => {
      await withApiClient(options, async (client) => {
        const uploaded = await client.traces.upload(file);
        if (options.json) return printJson(uploaded);
        for (const id of uploaded.trace_ids) console.log(id);
        console.error(`uploaded ${countText(uploaded.trace_ids.length, "trace")} from ${file}`);
      });
    });

  traces
    .command("list")
    .description("list the project's traces with their latest verdicts, newest first")
    .option("--source <file>", "only traces from this uploaded file (its name)")
    .option("--judge <id>", "only traces evaluated by this judge")
    .addOption(
      new Option("--status <outcome>", "only traces whose latest verdict passed or failed").choices(
        ["pass", "fail"],
      ),
    )
    .option("--time-range <range>", "only traces created within this long: 24h, 7d, 2w")
    .option("--search <text>", "only traces whose input or file name contains this")
    .addOption(new Option("--sort-by <field>", "order by this field").choices(TRACE_SORT_KEYS))
    .addOption(
      new Option("--sort-order <order>", "ascending or descending").choices(["asc", "desc"]),
    )
    .option("--page <n>", "page number (default 1)", toPositiveInteger)
    .option("--page-size <n>", "traces per page (default 100, at most 500)", toPositiveInteger)
    .option("--json", "print JSON: {traces, count, totalCount, pagination}")
    .action(async (options: ListOptions) => {
      await withApiClient(options, async (client) => {
        const page = await client.traces.getMany({
          page: options.page,
          pageSize: options.pageSize,
          source: options.source,
          judgeId: options.judge,
          status: options.status,
          timeRange: options.timeRange,
          search: options.search,
          sortBy: options.sortBy,
          sortOrder: options.sortOrder,
        });
        if (options.json) return printJson(page);
        if (page.traces.length === 0) {
          return console.log(page.totalCount === 0 ? "no traces" : "no traces on this page");
        }
        printTable(
          ["id", "source", "input", "evaluations", "latest verdicts", "created"],
          page.traces.map((t) => [
            t.id,
            `${t.filename}:${t.position}`,
            truncate(t.input ?? "", 30),
            t.evaluations_count,
            truncate(latestVerdicts(t), 30),
            t.created_at.replace(/\.\d+Z$/, "Z"),
          ]),
        );
        const { pagination } = page;
        console.log(
          `${page.traces.length} of ${page.totalCount} traces (page ${pagination.page} of ${pagination.totalPages})`,
        );
      });
    });

  traces
    .command("show")
    .description("show a trace and its record")
    .argument("<id>", "the trace's id")
    .option("--json", "print JSON")
    .action(async (id: string, options: ConnectionOptions & { json?: boolean }) => {
      await withApiClient(options, async (client) => {
        const trace = await onTrace(id, () => client.traces.get(id));
        if (options.json) return printJson(trace);
        printFields(traceFields(trace));
        // The record as uploaded, readable: it is what the judge reads.
        console.log(JSON.stringify(trace.data, null, 2));
      });
    });

  traces
    .command("delete")
    .description("delete a trace and its evaluations")
    .argument("<id>", "the trace's id")
    .option("--json", "print JSON")
    .action(async (id: string, options: ConnectionOptions & { json?: boolean }) => {
      await withApiClient(options, async (client) => {
        const deleted = await onTrace(id, () => client.traces.delete(id));
        if (options.json) return printJson(deleted);
        console.log(`deleted ${deleted.id}`);
      });
    });

  // Last, so each command's help lists its own options first.
  for (const command of traces.commands) withConnectionOptions(command);
}

interface ListOptions extends ConnectionOptions {
  source?: string;
  judge?: string;
  status?: "pass" | "fail";
  timeRange?: string;
  search?: string;
  sortBy?: (typeof TRACE_SORT_KEYS)[number];
  sortOrder?: "asc" | "desc";
  page?: number;
  pageSize?: number;
  json?: boolean;
}

const onTrace = notFoundAs("trace", "project");

/** `Helpfulness v2: pass, Tone v1: fail`; `…` while a verdict is pending. */
function latestVerdicts(trace: TraceWithEvaluations): string {
  return trace.last_evaluations
    .map((e) => {
      const verdict = e.passed === undefined ? "…" : e.passed ? "pass" : "fail";
      return `${e.judge_name} v${e.judge_version}: ${verdict}`;
    })
    .join(", ");
}

function traceFields(trace: Trace): [string, unknown][] {
  return [
    ["id", trace.id],
    ["file", trace.filename],
    ["position", trace.position],
    ["format", trace.format],
    ["input", trace.input],
    ["integration", trace.integration_id],
    ["created", trace.created_at],
  ];
}

export function countText(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

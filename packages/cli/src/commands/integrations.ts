import type { Integration, IntegrationDelivery } from "@assay/client";
import {
  INTEGRATION_EVENT_TYPES,
  INTEGRATION_TYPES,
  type UpdateIntegrationBody,
} from "@assay/protocol";
import { type Command, InvalidArgumentError, Option } from "commander";
import {
  type ConnectionOptions,
  notFoundAs,
  toList,
  toPositiveInteger,
  withApiClient,
  withConnectionOptions,
} from "../api-client.ts";
import { printJson } from "../output/json.ts";
import { printFields, printTable, truncate } from "../output/table.ts";

/**
 * `assay integrations …`: the organization's webhooks and Slack notifications when runs end, over
 * the API. `list`, `get` and `test` are what the original client offers; the rest are Assay's.
 */
export function registerIntegrationCommands(program: Command) {
  const integrations = program.command("integrations");

  integrations
    .command("list")
    .description("list the organization's integrations, oldest first")
    .option("--page <n>", "page number (default 1)", toPositiveInteger)
    .option(
      "--page-size <n>",
      "integrations per page (default 100, at most 500)",
      toPositiveInteger,
    )
    .option("--json", "print JSON: {integrations, count, totalCount}")
    .action(async (options: ListOptions) => {
      await withApiClient(options, async (client) => {
        const page = await client.integrations.getMany({
          page: options.page,
          pageSize: options.pageSize,
        });
        if (options.json) return printJson(page);
        if (page.integrations.length === 0) return console.log("no integrations");
        printTable(
          ["id", "name", "type", "active", "status", "url", "events"],
          page.integrations.map((i) => [
            i.id,
            truncate(i.name, 30),
            i.type,
            i.active,
            i.status,
            truncate(i.host_url, 40),
            eventsOf(i),
          ]),
        );
        console.log(`${page.count} integrations`);
      });
    });

  integrations
    .command("get")
    .alias("show")
    .description("show an integration (its secret is never shown again after create)")
    .argument("<id>", "the integration's id")
    .option("--json", "print JSON")
    .action(async (id: string, options: ConnectionOptions & { json?: boolean }) => {
      await withApiClient(options, async (client) => {
        const integration = await onIntegration(id, () => client.integrations.get(id));
        if (options.json) return printJson(integration);
        printFields(integrationFields(integration));
      });
    });

  integrations
    .command("test")
    .description(
      "send a signed test event to the integration now and print what the receiver answered; exits 1 unless it acknowledged (2xx)",
    )
    .argument("<id>", "the integration's id")
    .option("--json", "print JSON: {success, message}")
    .action(async (id: string, options: ConnectionOptions & { json?: boolean }) => {
      await withApiClient(options, async (client) => {
        const result = await onIntegration(id, () => client.integrations.test(id));
        if (options.json) printJson(result);
        else {
          console.log(`Integration ${id}: ${result.success ? "OK" : "FAILED"}`);
          if (result.message) console.log(`Message: ${result.message}`);
        }
        // A check a script can branch on: the receiver did not take the event.
        if (!result.success) process.exitCode = 1;
      });
    });

  integrations
    .command("create")
    .description(
      "create an integration; prints its id, and its signing secret once (it is never shown again)",
    )
    .requiredOption("--name <name>", "unique name in the organization")
    .addOption(
      new Option("--type <type>", "webhook: any URL gets the signed JSON event; slack: a message")
        .choices(INTEGRATION_TYPES)
        .default("webhook"),
    )
    .requiredOption("--url <url>", "where events are POSTed (the Slack incoming webhook's URL)")
    .option(
      "--events <list>",
      `comma-separated events it wants (default all: ${INTEGRATION_EVENT_TYPES.join(", ")})`,
      toEvents,
    )
    .option(
      "--projects <ids>",
      "comma-separated project ids whose runs notify it (default every project)",
      toList,
    )
    .option("--inactive", "create it paused: nothing is sent until `update --active`")
    .option("--json", "print JSON: the new integration with its secret")
    .action(async (options: CreateOptions) => {
      await withApiClient(options, async (client) => {
        const created = await client.integrations.create({
          name: options.name,
          type: options.type,
          host_url: options.url,
          ...(options.events !== undefined && { events: options.events }),
          ...(options.projects !== undefined && { project_ids: options.projects }),
          ...(options.inactive && { active: false }),
        });
        if (options.json) return printJson(created);
        console.log(created.id);
        console.error(`created ${created.type} integration ${created.name}`);
        console.error(
          `signing secret (shown only now; receivers verify ${created.config.signature_header} with it):`,
        );
        console.error(created.secret);
      });
    });

  integrations
    .command("update")
    .description("change an integration; only the options given change (its secret stays)")
    .argument("<id>", "the integration's id")
    .option("--name <name>", "new name")
    .option("--url <url>", "new receiver URL")
    .option("--events <list>", "comma-separated events; replaces the list", toEvents)
    .option("--projects <ids>", "comma-separated project ids; replaces the list", toList)
    .option("--all-projects", "notify for runs of every project (clears --projects)")
    .option("--active", "send events again")
    .option("--inactive", "pause: send nothing, keep the settings and the log")
    .option("--json", "print JSON: the updated integration")
    .action(async (id: string, options: UpdateOptions) => {
      const body = updateBody(options);
      await withApiClient(options, async (client) => {
        const integration = await onIntegration(id, () => client.integrations.update(id, body));
        if (options.json) return printJson(integration);
        console.log(`updated ${integration.id}`);
      });
    });

  integrations
    .command("delete")
    .description("delete an integration with its delivery log (pending deliveries are dropped)")
    .argument("<id>", "the integration's id")
    .option("--json", "print JSON")
    .action(async (id: string, options: ConnectionOptions & { json?: boolean }) => {
      await withApiClient(options, async (client) => {
        const deleted = await onIntegration(id, () => client.integrations.delete(id));
        if (options.json) return printJson(deleted);
        console.log(`deleted ${deleted.id}`);
      });
    });

  integrations
    .command("deliveries")
    .description("show an integration's delivery log, newest attempt first")
    .argument("<id>", "the integration's id")
    .option("--page <n>", "page number (default 1)", toPositiveInteger)
    .option("--page-size <n>", "attempts per page (default 50, at most 500)", toPositiveInteger)
    .option("--json", "print JSON: {deliveries, count, totalCount, pagination}")
    .action(async (id: string, options: ListOptions) => {
      await withApiClient(options, async (client) => {
        const page = await onIntegration(id, () =>
          client.integrations.deliveries(id, { page: options.page, pageSize: options.pageSize }),
        );
        if (options.json) return printJson(page);
        if (page.deliveries.length === 0) {
          return console.log(page.totalCount === 0 ? "no deliveries yet" : "none on this page");
        }
        printTable(
          ["when", "event", "attempt", "outcome", "status", "ms", "answer", "next attempt"],
          page.deliveries.map((d) => [
            d.created_at,
            d.event_type,
            d.attempt,
            d.status,
            d.http_status ?? "—",
            d.latency_ms,
            truncate(answerOf(d), 40),
            d.next_attempt_at ?? "",
          ]),
        );
        const { pagination } = page;
        console.log(
          `${page.deliveries.length} of ${page.totalCount} attempts (page ${pagination.page} of ${pagination.totalPages})`,
        );
      });
    });

  // Last, so each command's help lists its own options first.
  for (const command of integrations.commands) withConnectionOptions(command);
}

interface ListOptions extends ConnectionOptions {
  page?: number;
  pageSize?: number;
  json?: boolean;
}

interface CreateOptions extends ConnectionOptions {
  name: string;
  type: (typeof INTEGRATION_TYPES)[number];
  url: string;
  events?: (typeof INTEGRATION_EVENT_TYPES)[number][];
  projects?: string[];
  inactive?: boolean;
  json?: boolean;
}

interface UpdateOptions extends ConnectionOptions {
  name?: string;
  url?: string;
  events?: (typeof INTEGRATION_EVENT_TYPES)[number][];
  projects?: string[];
  allProjects?: boolean;
  active?: boolean;
  inactive?: boolean;
  json?: boolean;
}

/** A comma-separated list of events, each one the service knows (checked before any request). */
function toEvents(value: string): (typeof INTEGRATION_EVENT_TYPES)[number][] {
  const events = toList(value);
  const known: readonly string[] = INTEGRATION_EVENT_TYPES;
  const unknown = events.filter((event) => !known.includes(event));
  if (events.length === 0 || unknown.length > 0) {
    throw new InvalidArgumentError(
      `${unknown.length > 0 ? `unknown event ${unknown.join(", ")}` : "no event"}; the events are ${INTEGRATION_EVENT_TYPES.join(", ")}`,
    );
  }
  return events as (typeof INTEGRATION_EVENT_TYPES)[number][];
}

function updateBody(options: UpdateOptions): UpdateIntegrationBody {
  if (options.active && options.inactive) throw new Error("give --active or --inactive, not both");
  if (options.projects && options.allProjects) {
    throw new Error("give --projects or --all-projects, not both");
  }
  const body: UpdateIntegrationBody = {
    ...(options.name !== undefined && { name: options.name }),
    ...(options.url !== undefined && { host_url: options.url }),
    ...(options.events !== undefined && { events: options.events }),
    ...(options.projects !== undefined && { project_ids: options.projects }),
    ...(options.allProjects && { project_ids: [] }),
    ...(options.active && { active: true }),
    ...(options.inactive && { active: false }),
  };
  if (Object.keys(body).length === 0) {
    throw new Error(
      "nothing to change: give --name, --url, --events, --projects, --all-projects, --active or --inactive (see `assay integrations update --help`)",
    );
  }
  return body;
}

/** Runs `action`, turning a 404 into a message that names the id. */
const onIntegration = notFoundAs("integration", "organization");

/** "all" when it wants every event, else the list. */
function eventsOf(integration: Integration): string {
  return integration.events.length === INTEGRATION_EVENT_TYPES.length
    ? "all"
    : integration.events.join(", ");
}

/** What the receiver said, else why no answer came. */
function answerOf(delivery: IntegrationDelivery): string {
  return delivery.response_excerpt || delivery.error || "";
}

function integrationFields(integration: Integration): [string, unknown][] {
  return [
    ["id", integration.id],
    ["name", integration.name],
    ["type", integration.type],
    ["url", integration.host_url],
    ["active", integration.active],
    ["status", integration.status],
    ["events", integration.events],
    ["projects", integration.project_ids.length > 0 ? integration.project_ids : "all"],
    ["signature header", integration.config.signature_header],
    ["secret ends in", integration.config.secret_last4],
    ["created", `${integration.created_at} by ${integration.created_by}`],
    ["updated", integration.updated_at],
  ];
}

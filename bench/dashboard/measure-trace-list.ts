// The Traces list's budget (issue 31): its first page with the latency, tokens, cost, model and
// user columns, then a sort on latency from its header and a filter on a user from a row, timed
// in the page by page-probe.js like the other views.
import type { Client } from "@assay/client";
import type { BrowserContext } from "playwright-core";
import { type Fetched, lastInput, mark, visit, watch } from "./measure-pages.ts";

export interface TraceListVisit {
  /** Navigation start to the first row with its summary columns drawn. */
  rowsMs: number;
  /** The click on "Latency" to the slowest trace drawn first. */
  sortMs: number;
  /** The click on a user to the list of that user's traces drawn (its count). */
  filterMs: number;
  fetched: Fetched[];
}

/** What the sort and the filter must show first, asked of the API beforehand. */
export interface TraceListExpected {
  slowest: string;
  user: string;
  /** How many traces the user has. */
  usersTraces: number;
}

export async function expectedTraceList(client: Client): Promise<TraceListExpected> {
  const bySlowest = {
    sortBy: "duration_ms",
    sortOrder: "desc",
    pageSize: 1,
  } as const;
  const [first] = (await client.traces.getMany(bySlowest)).traces;
  if (!first?.user_id) throw new Error("the slowest trace has no user");
  const theirs = await client.traces.getMany({ ...bySlowest, userId: first.user_id });
  return { slowest: first.id, user: first.user_id, usersTraces: theirs.totalCount };
}

export async function visitTraceList(
  context: BrowserContext,
  origin: string,
  expected: TraceListExpected,
): Promise<TraceListVisit> {
  const v = await visit(context, `${origin}/ui/traces`);
  const page = v.page;
  const rowsMs = await mark(page, "traceRow");

  await watch(page, "sorted", "traceFirstRow", { id: expected.slowest });
  await page.getByRole("button", { name: "Latency" }).click();
  const sortMs = (await mark(page, "sorted")) - (await lastInput(page));

  await watch(page, "filtered", "traceCount", { count: expected.usersTraces });
  await page
    .locator(`tr[data-trace-id="${expected.slowest}"] td[data-column="user"] button`)
    .first()
    .click();
  const filterMs = (await mark(page, "filtered")) - (await lastInput(page));
  if (!page.url().includes(`user=${encodeURIComponent(expected.user)}`))
    throw new Error(`the user filter is not in the URL: ${page.url()}`);

  const fetched = await v.fetched();
  if (v.errors.length > 0) throw new Error(`the list logged errors: ${v.errors.join("; ")}`);
  await page.close();
  return { rowsMs, sortMs, filterMs, fetched };
}

// The trace budgets' visits (issue 16): the viewer opening a 5 MiB chat, and the annotation
// queue moving to the next trace after a label. Timed in the page by page-probe.js, like the
// other views: from the navigation's start or the input event to the frame that shows the answer.
import type { BrowserContext } from "playwright-core";
import { type Fetched, lastInput, mark, visit, watch } from "./measure-pages.ts";
import { BIG_TRACE_FILE, FIRST_MESSAGE } from "./seed-traces.ts";

export interface TraceVisit {
  /** First messages of the chat drawn. */
  shownMs: number;
  fetched: Fetched[];
  shellMs: number;
  scriptsMs: number;
}

/**
 * The viewer of trace `id`, by its address (a page load, timed from the navigation's start) or
 * from the Traces list (a click on its row, timed from the click), until its first messages show.
 */
export async function visitTrace(
  context: BrowserContext,
  origin: string,
  id: string,
  via: "address" | "list",
): Promise<TraceVisit> {
  let shownMs: number;
  // From the list of its file: the project's newest traces are the list budget's 100,000.
  const v = await visit(
    context,
    `${origin}/ui/traces${via === "address" ? `/${id}` : `?source=${BIG_TRACE_FILE}`}`,
  );
  const page = v.page;
  if (via === "address") {
    shownMs = await mark(page, "traceMessages");
  } else {
    const link = page.locator(`tr[data-trace-id="${id}"] td.input a`);
    await link.waitFor();
    await watch(page, "opened", "traceMessages", {});
    await link.click();
    shownMs = (await mark(page, "opened")) - (await lastInput(page));
  }
  const first = await page.locator(".trace-viewer .chat-turn").first().textContent();
  if (!first?.includes(FIRST_MESSAGE)) throw new Error(`the viewer shows first "${first}"`);
  const fetched = await v.fetched();
  if (v.errors.length > 0) throw new Error(`the viewer logged errors: ${v.errors.join("; ")}`);
  await page.close();
  return { shownMs, fetched, shellMs: v.shellMs, scriptsMs: v.scriptsMs };
}

export interface QueueRun {
  /** Ms from each `n` keydown to the frame that shows the next trace's messages. */
  moves: number[];
  /** Moves whose trace the page had asked the server for before the key (prefetched). */
  prefetched: number;
}

/**
 * Labels judge `judgeId`'s whole queue (`count` traces) by keyboard, as a person does: `p`, and
 * once the label is saved (the progress counts it), `n`: count − 1 moves.
 */
export async function labelQueue(
  context: BrowserContext,
  origin: string,
  judgeId: string,
  count: number,
): Promise<QueueRun> {
  const v = await visit(context, `${origin}/ui/judges/${judgeId}/annotate`);
  const page = v.page;
  const panel = page.getByTestId("trace-panel");
  const progress = page.getByTestId("queue-progress");
  await mark(page, "traceMessages");
  const moves: number[] = [];
  let prefetched = 0;
  const seen = new Set<string>();
  for (let i = 0; i < count; i++) {
    const traceId = (await panel.getAttribute("data-trace-id")) as string;
    if (seen.has(traceId)) throw new Error(`the queue showed trace ${traceId} twice`);
    seen.add(traceId);
    await page.keyboard.press("p");
    await page
      .getByTestId("queue-progress")
      .filter({ hasText: new RegExp(`^${i + 1} of ${count} labelled$`) })
      .waitFor({ timeout: 30_000 });
    if (i === count - 1) break;
    await watch(page, `move${i}`, "nextTrace", { from: traceId });
    await page.keyboard.press("n");
    const pressed = await lastInput(page);
    moves.push((await mark(page, `move${i}`)) - pressed);
    const next = await panel.getAttribute("data-trace-id");
    const asked = (await v.fetched()).some(
      (f) => f.path.endsWith(`/traces/${next}`) && f.startMs < pressed,
    );
    if (asked) prefetched += 1;
  }
  if ((await progress.textContent()) !== `${count} of ${count} labelled`) {
    throw new Error(`the queue ends at "${await progress.textContent()}"`);
  }
  if (v.errors.length > 0) throw new Error(`the queue logged errors: ${v.errors.join("; ")}`);
  await page.close();
  return { moves, prefetched };
}

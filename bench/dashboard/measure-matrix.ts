// The N-run view's visit (issue 31): ten runs of 1,319 prompts side by side, opened by its address,
// timed in the page by page-probe.js from the navigation's start to the frame that shows the first
// view whole (the matrix's first page with every run's column and the pairs' table); then a
// filter, timed from the click to the frame that shows its rows.
import type { BrowserContext } from "playwright-core";
import { type Fetched, lastInput, mark, visit, watch } from "./measure-pages.ts";

export interface MatrixVisit {
  firstViewMs: number;
  disagreeMs: number;
  fetched: Fetched[];
  shellMs: number;
  scriptsMs: number;
}

export async function visitMatrix(
  context: BrowserContext,
  origin: string,
  ids: readonly string[],
): Promise<MatrixVisit> {
  const v = await visit(context, `${origin}/ui/compare/many?runs=${ids.join(",")}`);
  const page = v.page;
  const firstViewMs = await mark(page, "matrixFirstView");
  const heads = await page.locator("th.run-head").count();
  if (heads !== ids.length) throw new Error(`the view shows ${heads} runs, not ${ids.length}`);
  await watch(page, "disagree", "matrixFiltered", { filter: "disagree" });
  await page.getByRole("button", { name: "where the runs disagree" }).click();
  const disagreeMs = (await mark(page, "disagree")) - (await lastInput(page));
  const fetched = await v.fetched();
  if (v.errors.length > 0) throw new Error(`the N-run view logged errors: ${v.errors.join("; ")}`);
  await page.close();
  return { firstViewMs, disagreeMs, fetched, shellMs: v.shellMs, scriptsMs: v.scriptsMs };
}

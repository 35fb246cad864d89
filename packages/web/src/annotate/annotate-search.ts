/** The confusion cells, as the URL names them: the person's label, then the judge's verdict. */
export const CELLS = ["pass_pass", "pass_fail", "fail_pass", "fail_fail"] as const;
export type Cell = (typeof CELLS)[number];

/** The workspace as kept in the URL: `?blind=off&cell=pass_fail`. Blind mode is on by default. */
export interface AnnotateSearch {
  blind?: "off";
  cell?: Cell;
}

/** Unknown values are dropped, not errors: an old link still opens the workspace. */
export function parseAnnotateSearch(search: Record<string, unknown>): AnnotateSearch {
  const out: AnnotateSearch = {};
  if (search.blind === "off") out.blind = "off";
  if (CELLS.includes(search.cell as Cell)) out.cell = search.cell as Cell;
  return out;
}

/** Whether a label (`human`) and a verdict (`judge`) fall in the cell. */
export function inCell(cell: Cell, human: boolean, judge: boolean): boolean {
  return cell === `${human ? "pass" : "fail"}_${judge ? "pass" : "fail"}`;
}

import { describe, expect, it } from "vitest";
import { parseMatrixSearch, runIds } from "./matrix-search.ts";

describe("the N-run view's URL", () => {
  it("keeps the runs in order, once each, at most ten", () => {
    const ids = Array.from({ length: 12 }, (_, i) => `r${i}`);
    expect(runIds(parseMatrixSearch({ runs: ["b", "a", "b"].join(",") }))).toEqual(["b", "a"]);
    expect(runIds(parseMatrixSearch({ runs: ids.join(",") }))).toEqual(ids.slice(0, 10));
    expect(parseMatrixSearch({ runs: "a,<script>" })).toEqual({ runs: "a" });
  });

  it("keeps a filter that singles out a run only with one of the view's runs", () => {
    expect(parseMatrixSearch({ runs: "a,b", filter: "alone_fails", run: "b" })).toEqual({
      runs: "a,b",
      filter: "alone_fails",
      run: "b",
    });
    expect(parseMatrixSearch({ runs: "a,b", filter: "alone_fails", run: "c" })).toEqual({
      runs: "a,b",
    });
    expect(parseMatrixSearch({ runs: "a,b", filter: "disagree", run: "a", page: "3" })).toEqual({
      runs: "a,b",
      filter: "disagree",
      page: 3,
    });
    expect(parseMatrixSearch({ runs: "a,b", filter: "sideways", page: "0" })).toEqual({
      runs: "a,b",
    });
  });
});

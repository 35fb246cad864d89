import { describe, expect, it } from "vitest";
import { parsePromptSearch, promptSearchOf } from "./prompt-search.ts";

describe("the prompt browser's URL", () => {
  it("keeps valid values, numbers the router parsed included", () => {
    const params = parsePromptSearch({
      page: 3,
      page_size: 50,
      search: "truth",
      q: 42,
      subset: "sums",
      open: 7,
    });
    expect(params).toEqual({
      page: 3,
      page_size: 50,
      search: "truth",
      q: "42",
      subset: "sums",
      open: "7",
    });
    expect(promptSearchOf(params)).toEqual({
      page: 3,
      size: 50,
      field: "truth",
      q: "42",
      subset: "sums",
      open: "7",
    });
  });

  it("drops what it does not know, so an old or hand-made link still opens", () => {
    const params = parsePromptSearch({
      page: -2,
      page_size: 7,
      search: "subset",
      q: "   ",
      subset: "",
      open: "",
    });
    expect(params).toEqual({});
    expect(promptSearchOf(params)).toEqual({ page: 1, size: 25, field: "input" });
  });
});

import { describe, expect, it } from "vitest";
import { isFiltered, parseTraceSearch } from "./traces-search.ts";

describe("parseTraceSearch", () => {
  it("keeps the server's filters from the URL", () => {
    expect(
      parseTraceSearch({
        source: "chats.jsonl",
        judge: "j-1",
        status: "fail",
        range: "7d",
        q: " Lisbon ",
        page: "3",
      }),
    ).toEqual({
      source: "chats.jsonl",
      judge: "j-1",
      status: "fail",
      range: "7d",
      q: "Lisbon",
      page: 3,
    });
  });

  it("drops what the server would refuse, so an old or edited link still opens", () => {
    expect(
      parseTraceSearch({ status: "maybe", range: "7 days", page: "0", q: "  ", source: "" }),
    ).toEqual({});
    expect(parseTraceSearch({ range: "0d" })).toEqual({});
    expect(parseTraceSearch({ q: 42, page: 1 })).toEqual({ q: "42" });
  });

  it("keeps the summary filters and the order, and drops unknown ones", () => {
    expect(
      parseTraceSearch({
        status: "error",
        model: "acme/local-llama",
        user: "ana",
        session: "chat-1",
        service: "bot",
        min_ms: "1000",
        sort: "cost_usd",
        order: "asc",
      }),
    ).toEqual({
      status: "error",
      model: "acme/local-llama",
      user: "ana",
      session: "chat-1",
      service: "bot",
      min_ms: 1000,
      sort: "cost_usd",
      order: "asc",
    });
    expect(parseTraceSearch({ sort: "input", order: "sideways", min_ms: "-1" })).toEqual({});
    expect(isFiltered({ user: "ana" })).toBe(true);
    expect(isFiltered({ sort: "cost_usd" })).toBe(false);
  });

  it("tells a filtered list from the whole project", () => {
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ page: 2 })).toBe(false);
    expect(isFiltered({ range: "24h" })).toBe(true);
  });
});

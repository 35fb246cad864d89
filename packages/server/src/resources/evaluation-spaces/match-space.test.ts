import { EvaluationSpaceFiltersSchema } from "@assay/protocol";
import { describe, expect, it } from "vitest";
import { createSpaceMatcher } from "./match-space.ts";

const matcher = (filters: unknown) =>
  createSpaceMatcher(EvaluationSpaceFiltersSchema.parse(filters));
const catalogModel = { id: "m1", vendor: "OpenAI", region: "usa", provider: "openai" };
const customModel = { id: "m2", provider: "custom" };
const builtin = { id: "b1", categories: ["math", "reasoning"], language: "English" };
const custom = { id: "b2", categories: [] };

describe("createSpaceMatcher", () => {
  it("matches everything when every list is empty", () => {
    const m = matcher({});
    expect([m.model(catalogModel), m.model(customModel)]).toEqual([true, true]);
    expect([m.benchmark(builtin), m.benchmark(custom)]).toEqual([true, true]);
  });

  it("needs every non-empty list to hold, names in any case", () => {
    expect(matcher({ model_filters: { vendors: ["openai"] } }).model(catalogModel)).toBe(true);
    expect(matcher({ model_filters: { vendors: ["meta"] } }).model(catalogModel)).toBe(false);
    const both = matcher({ model_filters: { vendors: ["openai"], regions: ["china"] } });
    expect(both.model(catalogModel)).toBe(false);
    expect(matcher({ providers: ["OPENAI"] }).model(catalogModel)).toBe(true);
  });

  it("never matches a constraint on a fact the entry lacks", () => {
    expect(matcher({ model_filters: { vendors: ["acme"] } }).model(customModel)).toBe(false);
    expect(matcher({ dataset_filters: { languages: ["english"] } }).benchmark(custom)).toBe(false);
    expect(matcher({ model_filters: { ids: ["m2"] } }).model(customModel)).toBe(true);
  });

  it("matches a benchmark having any of the categories", () => {
    const m = matcher({ dataset_filters: { categories: ["coding", "Reasoning"] } });
    expect(m.benchmark(builtin)).toBe(true);
    expect(matcher({ dataset_filters: { categories: ["coding"] } }).benchmark(builtin)).toBe(false);
  });
});

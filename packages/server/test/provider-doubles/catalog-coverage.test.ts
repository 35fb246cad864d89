import { PROVIDER_DOUBLES } from "@assay/test-kit/provider-doubles/index.ts";
import { describe, expect, it } from "vitest";
import { loadModelCatalog } from "../../src/catalog/models/model-catalog.ts";

// The doubles list their models from the providers' documentation, apart from models.json: this
// is where the two meet, so a catalog entry its provider would not serve is caught here.
describe("provider doubles cover the catalog", () => {
  const catalog = loadModelCatalog();

  it("has a double for every provider of providers.json", () => {
    expect(Object.keys(PROVIDER_DOUBLES).sort()).toEqual(
      catalog.providers.map((p) => p.name).sort(),
    );
  });

  it.each(catalog.models.map((m) => [m.key, m.provider, m.provider_model] as const))(
    "%s is served by the %s double as %s",
    (_key, provider, providerModel) => {
      expect(PROVIDER_DOUBLES[provider]?.models).toContain(providerModel);
    },
  );
});

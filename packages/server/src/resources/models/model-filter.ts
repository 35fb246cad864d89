import type { CatalogModel } from "@assay/protocol";

/** Filters of a model listing (protocol §4.1); lists are matched case-insensitively. */
export interface CatalogModelFilter {
  name?: string;
  key?: string;
  categories?: string[];
  companies?: string[];
  regions?: string[];
  licenses?: string[];
}

/** `name` and `key` are case-insensitive substrings (protocol §16: "partial match"). */
export function matchesText(
  entry: { name: string; key: string },
  filter: Pick<CatalogModelFilter, "name" | "key">,
): boolean {
  return contains(entry.name, filter.name) && contains(entry.key, filter.key);
}

/**
 * The rules the original SDK applies client-side (protocol §4.1), applied here too so every client
 * sees the same answer: a category matches `open-source` (open weights), `closed-source` (closed
 * weights with a known architecture) or the architecture type; companies, regions and licenses
 * match the model's field.
 */
export function matchesCatalogModel(model: CatalogModel, filter: CatalogModelFilter): boolean {
  if (!matchesText(model, filter)) return false;
  if (filter.categories?.length && !filter.categories.some((c) => inCategory(model, c)))
    return false;
  return (
    inList(model.company, filter.companies) &&
    inList(model.region, filter.regions) &&
    inList(model.license, filter.licenses)
  );
}

function inCategory(model: CatalogModel, category: string): boolean {
  const wanted = category.toLowerCase();
  if (wanted === "open-source") return model.open_weights;
  if (wanted === "closed-source") return !model.open_weights && Boolean(model.architecture_type);
  return model.architecture_type?.toLowerCase() === wanted;
}

export function inList(value: string | null, list: string[] | undefined): boolean {
  if (!list?.length) return true;
  return value !== null && list.some((item) => item.toLowerCase() === value.toLowerCase());
}

export function contains(value: string, part: string | undefined): boolean {
  return part === undefined || value.toLowerCase().includes(part.toLowerCase());
}

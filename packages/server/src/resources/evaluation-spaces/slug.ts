import { EVALUATION_SPACE_ID_SHAPE } from "@assay/protocol";

/**
 * A space's slug from its name: lowercase ASCII letters and digits in runs joined by single
 * hyphens, accents dropped ("Équipe Math" → "equipe-math"), at most 56 characters so a
 * de-duplicating "-NN" still fits the 64 a slug may have; "space" when nothing is left, and
 * "-space" after a name shaped like an id. Migration 0022 keeps its own frozen copy of this rule
 * for the spaces that existed before slugs.
 */
export function slugOf(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 56)
    .replace(/-+$/, "");
  if (slug === "") return "space";
  return EVALUATION_SPACE_ID_SHAPE.test(slug) ? `${slug}-space` : slug;
}

/** The first of `base`, `base-2`, `base-3` … that is not in `taken`. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

import { type RawBuilder, sql } from "kysely";

/** A LIKE pattern for "holds `text`, lower-cased": its wildcards escaped with `\`. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Whether a text column holds `text`, ignoring case, for the `search` filters of list routes.
 * LIKE's wildcards in `text` are matched literally (escaped with `\`, which both dialects accept
 * once named), and a NULL column holds nothing.
 *
 * Case is folded for all of Unicode: "ÜBER" finds "über". SQLite's built-in `lower()` folds ASCII
 * only, and the Unicode one (`unicode_lower`, migration 0015) is a call into JavaScript per row,
 * 2.5–5× slower over a big table. An ASCII `text` keeps the built-in: it matches ASCII letters,
 * which both fold alike (it misses only the rare character whose lower case is ASCII, like the
 * Kelvin sign).
 */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  const lower = NON_ASCII.test(text) ? sql`unicode_lower` : sql`lower`;
  return sql<boolean>`${lower}(coalesce(${sql.ref(column)}, '')) like ${likePattern(text)} escape '\\'`;
}

const NON_ASCII = /[^\p{ASCII}]/u;

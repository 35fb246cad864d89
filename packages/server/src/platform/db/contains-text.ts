import { type RawBuilder, sql } from "kysely";

/** A LIKE pattern for "holds `text`, lower-cased": its wildcards escaped with `\`. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Whether a text column holds `text`, ignoring case, for the `search` filters of list routes.
 * LIKE's wildcards in `text` are matched literally (escaped with `\`, which both dialects accept
 * once named), and a NULL column holds nothing.
 */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${likePattern(text)} escape '\\'`;
}

import { type RawBuilder, sql } from "kysely";

/**
 * Whether a text column holds `text`, ignoring case, for the `search` filters of list routes.
 * LIKE's wildcards in `text` are matched literally (escaped with `\`, which both dialects accept
 * once named), and a NULL column holds nothing.
 */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`;
}

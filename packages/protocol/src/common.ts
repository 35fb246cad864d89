import { z } from "zod";

/**
 * Ids are lowercase UUIDs: URL-path-safe, and recognised as ids (not keys) by the original CLI.
 * Rows get random v4 ids; catalog entries name-based v5 ids, the same on every installation.
 */
export const IdSchema = z.uuid();

/** Path ids are validated for shape only; an unknown or foreign id answers 404 later. */
export const PathIdSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9._-]+$/, "must contain only letters, digits, '.', '_' and '-'");

/**
 * A string the server trims, then wants `min` to `max` characters of. JSON Schema cannot trim, so
 * the document also states the minimum as a pattern (that many characters from the first non-blank
 * one to the last): generated values are then not refused for being blank.
 */
export function trimmedString(min: number, max: number, message?: string) {
  const pattern = min <= 1 ? "\\S" : `\\S[\\s\\S]{${min - 2},}\\S`;
  return z.string().trim().min(min, message).max(max).meta({ pattern });
}

/** A list whose items must differ: a repeat is named by its index; the document says `uniqueItems`. */
export function distinctList<T extends z.ZodArray<z.ZodType<string>>>(list: T, noun: string) {
  return list
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      for (const [i, item] of items.entries()) {
        if (seen.has(item)) {
          ctx.addIssue({ code: "custom", path: [i], message: `${noun} ${item} is listed twice` });
        }
        seen.add(item);
      }
    })
    .meta({ uniqueItems: true });
}

/** ISO-8601 UTC timestamp with milliseconds, e.g. `2026-11-21T10:00:00.000Z`. */
export const TimestampSchema = z.iso.datetime();

/** What deleting a project's resource answers: which one it was (a JSON body, never 204). */
export const DeletedResourceSchema = z.object({
  organization_id: z.string(),
  project_id: z.string(),
  id: z.string(),
});

/** Path parameters of every project-scoped route (`/organizations/{org}/projects/{proj}/…`). */
export const ProjectPathSchema = z.object({
  organization_id: PathIdSchema,
  project_id: PathIdSchema,
});
export type ProjectPath = z.infer<typeof ProjectPathSchema>;

/**
 * Page numbers arrive as decimal strings. Clients may send `page=0` or negative pages (protocol
 * §1.3), which mean the first page; `page_size` is clamped into the endpoint's range.
 */
export function pageQuery(defaultSize: number, maxSize: number) {
  // Past this page the offset, (page − 1) × size, would not be an exact integer: the databases
  // refuse it (a 500). Any page this far is past the data anyway, so it is empty all the same.
  const lastPage = Math.floor(Number.MAX_SAFE_INTEGER / maxSize);
  return {
    page: z.coerce
      .number()
      .int()
      .default(1)
      .transform((n) => Math.min(lastPage, Math.max(1, n))),
    page_size: z.coerce
      .number()
      .int()
      .default(defaultSize)
      .transform((n) => Math.min(maxSize, Math.max(1, n))),
  };
}

/** Query booleans are sent as the strings `"true"`/`"false"`. */
export const QueryBooleanSchema = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1");

/** A comma-joined list parameter (`companies=openai,anthropic`), split and trimmed. */
export const QueryListSchema = z.string().transform((v) =>
  v
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0),
);

/**
 * A `sort_by` value. Clients send snake_case (`released_at`) or camelCase (`releasedAt`), and the
 * protocol says to ignore unknown keys rather than fail (§1.3), so anything else becomes undefined.
 */
export function lenientSortSchema<const K extends readonly [string, ...string[]]>(keys: K) {
  return z
    .string()
    .optional()
    .transform((value): K[number] | undefined => {
      if (value === undefined) return undefined;
      const snake = value.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
      return keys.includes(snake) ? (snake as K[number]) : undefined;
    });
}

/** `order` / `sort_order`: `asc` or `desc`, any case; anything else means the default. */
export const SortOrderSchema = z
  .string()
  .optional()
  .transform((v): "asc" | "desc" | undefined => {
    const lower = v?.toLowerCase();
    return lower === "asc" || lower === "desc" ? lower : undefined;
  });

/** A free-text filter: trimmed, empty means absent. */
export const QueryTextSchema = z
  .string()
  .max(256)
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

/**
 * JSON objects from users (e.g. `extra_payload`) are later merged into other objects: keys that
 * reach prototypes are refused at any depth, and size and depth are bounded.
 */
export function isSafeJsonValue(value: unknown, maxDepth: number, depth = 0): boolean {
  if (depth > maxDepth) return false;
  if (Array.isArray(value)) return value.every((v) => isSafeJsonValue(v, maxDepth, depth + 1));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).every(
      ([k, v]) => !FORBIDDEN_KEYS.has(k) && isSafeJsonValue(v, maxDepth, depth + 1),
    );
  }
  return true;
}

const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Query parameters every public catalog page takes (protocol §12.1; §12.2 reuses its rules):
 * free text, exact-id and category filters, order, pagination (100 per page, at most 500) and
 * deprecated entries only on request. Each page adds its own filters and sort keys.
 */
export const catalogPageQuery = {
  query: QueryTextSchema,
  name: QueryTextSchema,
  key: QueryTextSchema,
  ids: QueryListSchema.optional(),
  categories: QueryListSchema.optional(),
  order: SortOrderSchema,
  ...pageQuery(100, 500),
  include_deprecated: QueryBooleanSchema.default(false),
};

import { z } from "zod";

/** Ids are lowercase UUIDs: URL-path-safe, and recognised as ids (not keys) by the original CLI. */
export const IdSchema = z.uuid({ version: "v4" });

/** Path ids are validated for shape only; an unknown or foreign id answers 404 later. */
export const PathIdSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9._-]+$/, "must contain only letters, digits, '.', '_' and '-'");

/** Upload limit shared by clients (checked before sending) and the server: 50 MiB. */
export const MAX_UPLOAD_BYTES = 52_428_800;

/** ISO-8601 UTC timestamp with milliseconds, e.g. `2026-11-21T10:00:00.000Z`. */
export const TimestampSchema = z.iso.datetime();

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
  return {
    page: z.coerce
      .number()
      .int()
      .default(1)
      .transform((n) => Math.max(1, n)),
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

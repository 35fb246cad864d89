import type { Kysely } from "kysely";

/**
 * Evaluation spaces get a `slug`, unique per project, so a space can be addressed by a readable
 * name (`GET …/evaluation-spaces/{id_or_slug}`; the original CLI offers "ID or slug"). Existing
 * spaces are given one here, from their names in the order they were created (the older keeps the
 * plain form, later namesakes get -2, -3 …). The column stays nullable on the table (SQLite cannot
 * add a NOT NULL column without a default) but the service always writes one.
 */

/**
 * The slug rule as of this migration, copied rather than imported: a migration must do the same
 * thing forever, whatever later becomes of the service's own rule (resources/evaluation-spaces/slug.ts).
 */
function slugOf(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 56)
    .replace(/-+$/, "");
  return slug === "" ? "space" : slug;
}

interface SpaceRow {
  id: string;
  project_id: string;
  name: string;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("evaluation_spaces").addColumn("slug", "text").execute();
  const handle = db as unknown as Kysely<{
    evaluation_spaces: SpaceRow & { slug: string | null; created_at: string };
  }>;
  const rows = await handle
    .selectFrom("evaluation_spaces")
    .select(["id", "project_id", "name"])
    .orderBy("project_id")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const taken = new Map<string, Set<string>>();
  for (const row of rows) {
    const used = taken.get(row.project_id) ?? new Set<string>();
    taken.set(row.project_id, used);
    const base = slugOf(row.name);
    let slug = base;
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
    used.add(slug);
    await handle.updateTable("evaluation_spaces").set({ slug }).where("id", "=", row.id).execute();
  }
  // Unique per project: the index settles concurrent creates and renames (409).
  await db.schema
    .createIndex("evaluation_spaces_project_slug_idx")
    .on("evaluation_spaces")
    .columns(["project_id", "slug"])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("evaluation_spaces_project_slug_idx").execute();
  await db.schema.alterTable("evaluation_spaces").dropColumn("slug").execute();
}

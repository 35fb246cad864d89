import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Traces drop their foreign keys to organizations and projects on PostgreSQL. A trace file is
 * tens of thousands of rows for one project the request has just resolved, and PostgreSQL checks
 * a foreign key row by row (a trigger that locks the referenced row): the two checks cost more
 * than the COPY of the rows itself (a 50 MB file of short traces: 3.2 s with them, 1.4 s
 * without, bench/trace-ingest.ts). Organizations and projects are never deleted, so no trace
 * loses its owner; whatever deletes a project one day deletes its traces.
 * SQLite keeps them: there a check is an index lookup in the same call.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table traces drop constraint traces_organization_id_fkey`.execute(db);
  await sql`alter table traces drop constraint traces_project_id_fkey`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table traces add constraint traces_organization_id_fkey
    foreign key (organization_id) references organizations (id) on delete cascade`.execute(db);
  await sql`alter table traces add constraint traces_project_id_fkey
    foreign key (project_id) references projects (id) on delete cascade`.execute(db);
}

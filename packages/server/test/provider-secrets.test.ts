import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { GetOrganizationResponse } from "@assay/protocol";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { sql } from "kysely";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * A provider API key given to a custom model never comes back out: not in any answer (also error
 * answers to requests that carried it), not in any log line at the most verbose level, and not in
 * the database in clear text (SQLite file and WAL, or every row on PostgreSQL).
 */

const SENTINEL = `sk-SENTINEL-${randomUUID()}`;
const ROTATED = `sk-SENTINEL-${randomUUID()}`;
const logLines: string[] = [];
const answers: string[] = [];
let service: TestService;
let P: string;

async function call(method: string, path: string, json?: unknown) {
  const res = await service.call(method, path, { json });
  answers.push(`${res.status} ${JSON.stringify([...res.headers])} ${res.text}`);
  return res;
}

beforeAll(async () => {
  const logger = pino({ level: "trace" }, { write: (line: string) => void logLines.push(line) });
  service = await startTestService({ logger });
  const org = await service.call<GetOrganizationResponse>("GET", "/organizations");
  P = `/organizations/${org.body.data.id}/projects/${org.body.data.projects[0]?.id}`;
});
afterAll(() => service?.close());

describe("provider API keys", () => {
  it("never appear in answers, logs or the database", async () => {
    const body = {
      name: "Secret model",
      key: "acme/secret",
      description: "",
      api_url: "https://models.example.com/v1",
      max_tokens: 128,
      api_key: SENTINEL,
      extra_payload: { temperature: 0.2 },
    };
    const created = await call("POST", `${P}/custom-models`, body);
    expect(created.status).toBe(201);
    const id = (created.body as { data: { model_id: string } }).data.model_id;

    // Requests that fail validation while carrying the key must not echo it either.
    expect((await call("POST", `${P}/custom-models`, { ...body, key: "Bad Key" })).status).toBe(
      400,
    );
    const duplicate = await call("POST", `${P}/custom-models`, body);
    expect(duplicate.status).toBe(409);
    // The refusal names its field, so the dashboard's form shows it under the key.
    expect(duplicate.body).toMatchObject({
      error: { code: "CONFLICT", details: [{ field: "body.key" }] },
    });
    expect(
      (await call("PATCH", `${P}/custom-models/${id}`, { api_key: ROTATED, max_tokens: -1 }))
        .status,
    ).toBe(400);
    expect((await call("PATCH", `${P}/custom-models/${id}`, { api_key: ROTATED })).status).toBe(
      200,
    );

    const listed = await call("GET", `${P}/models?type=custom`);
    const fetched = await call("GET", `${P}/models/${id}`);
    expect(fetched.body).toMatchObject({ data: { api_key_set: true, key: "acme/secret" } });
    expect(listed.text).toContain("acme/secret");

    for (const secret of [SENTINEL, ROTATED]) {
      expect(answers.join("\n")).not.toContain(secret);
      expect(logLines.join("")).not.toContain(secret);
      expect(logLines.length).toBeGreaterThan(5);
      expect(await databaseText()).not.toContain(secret);
    }
    // The check above must be able to fail: the model's other fields are in the database.
    expect(await databaseText()).toContain("models.example.com");
  });

  it("is cleared when the endpoint moves without a new key, so it never reaches another host", async () => {
    const created = await call("POST", `${P}/custom-models`, {
      name: "Moving model",
      key: "acme/moving",
      description: "",
      api_url: "https://a.example.com/v1",
      max_tokens: 64,
      api_key: SENTINEL,
    });
    const id = (created.body as { data: { model_id: string } }).data.model_id;
    await call("PATCH", `${P}/custom-models/${id}`, { max_tokens: 96 });
    expect((await call("GET", `${P}/models/${id}`)).body).toMatchObject({
      data: { api_key_set: true, max_tokens: 96 },
    });
    await call("PATCH", `${P}/custom-models/${id}`, { api_url: "https://b.example.com/v1" });
    expect((await call("GET", `${P}/models/${id}`)).body).toMatchObject({
      data: { api_key_set: false, api_url: "https://b.example.com/v1" },
    });
  });
});

/** Everything the database holds, as text: the SQLite files byte for byte, or every PostgreSQL row. */
async function databaseText(): Promise<string> {
  const { database } = service;
  if (!database.url) {
    return readdirSync(database.dataDir)
      .filter((f) => f.startsWith("assay.db"))
      .map((f) => readFileSync(join(database.dataDir, f)).toString("latin1"))
      .join("\n");
  }
  const { db } = service.running.deps;
  const tables = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = current_schema()`.execute(db);
  const dumps: string[] = [];
  for (const { tablename } of tables.rows) {
    const rows = await sql<{ row: string }>`
      select row_to_json(t)::text as row from ${sql.table(tablename)} t`.execute(db);
    dumps.push(...rows.rows.map((r) => r.row));
  }
  return dumps.join("\n");
}

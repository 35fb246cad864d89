import { describe, expect, it } from "vitest";
import {
  type CliEnv,
  type CliResult,
  getOrganization,
  runCli,
  serviceEnv,
  startServer,
  useFreshDatabase,
} from "./support/cli.ts";

/**
 * `assay keys …`: admin commands working directly on the configured database and data dir, with
 * and without a server running on them.
 */

const testDatabase = useFreshDatabase();

interface CreatedKey {
  id: string;
  key: string;
  organization: { id: string; name: string };
  project: { id: string; name: string };
}

interface ListedKey {
  id: string;
  name: string;
  display: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  organization_id: string;
  organization_name: string;
  project_id: string;
  project_name: string;
}

/** Runs `assay keys <args>` and checks it succeeded. */
async function keys(args: string[], env: CliEnv): Promise<CliResult> {
  const result = await runCli(["keys", ...args], env);
  expect(result, result.stderr).toMatchObject({ code: 0 });
  return result;
}

async function createKey(env: CliEnv, project: string, name: string): Promise<CreatedKey> {
  const result = await keys(
    ["create", "--organization", "Acme", "--project", project, "--name", name, "--json"],
    env,
  );
  return JSON.parse(result.stdout) as CreatedKey;
}

describe("assay keys", () => {
  it("creates a key shown once, and lists keys by their display form only", async () => {
    const { env } = await serviceEnv(testDatabase());
    const created = await keys(
      ["create", "--organization", "Acme", "--project", "Research", "--name", "ci", "--json"],
      env,
    );
    const json = JSON.parse(created.stdout) as CreatedKey;
    expect(json).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      key: expect.stringMatching(/^assay_[A-Za-z0-9]{40}$/),
      organization: { id: expect.any(String), name: "Acme" },
      project: { id: expect.any(String), name: "Research" },
    });
    expect(created.stdout).toBe(`${JSON.stringify(json)}\n`);
    expect(created.stderr).toBe("");
    const display = `${json.key.slice(0, 10)}…${json.key.slice(-4)}`;

    // Without --json: the key alone on stdout (pipe-friendly), the explanation on stderr.
    const plain = await keys(["create"], env);
    const plainKey = plain.stdout.trim();
    expect(plain.stdout).toMatch(/^assay_[A-Za-z0-9]{40}\n$/);
    expect(plain.stderr).toMatch(
      /^created key [0-9a-f-]{36} for Default Organization \/ Default Project; store it now, it is not shown again\n$/,
    );

    const listed = await keys(["list", "--json"], env);
    const rows = JSON.parse(listed.stdout) as ListedKey[];
    expect(rows.map((r) => [r.name, r.organization_name, r.project_name])).toEqual([
      ["ci", "Acme", "Research"],
      ["api key", "Default Organization", "Default Project"],
    ]);
    expect(rows[0]).toMatchObject({
      id: json.id,
      display,
      organization_id: json.organization.id,
      project_id: json.project.id,
      last_used_at: null,
      revoked_at: null,
    });
    expect(listed.stdout).not.toContain(json.key);
    expect(listed.stdout).not.toContain(plainKey);

    const table = await keys(["list"], env);
    expect(table.stdout).toContain(json.id);
    expect(table.stdout).toContain(display);
    expect(table.stdout).toContain("Research");
    expect(table.stdout).not.toContain(json.key);
    expect(table.stdout).not.toContain(plainKey);

    const acme = JSON.parse((await keys(["list", "--organization", "Acme", "--json"], env)).stdout);
    expect((acme as ListedKey[]).map((r) => r.id)).toEqual([json.id]);
    expect((await keys(["list", "--organization", "Nope"], env)).stdout).toBe("no API keys\n");
  });

  it("works on the database of a running server: new keys authenticate, revoked ones stop", async () => {
    const { env, apiUrl } = await serviceEnv(testDatabase());
    const server = await startServer(["--no-workers"], env);

    await createKey(env, "Alpha", "first");
    const ci = await createKey(env, "Research", "ci");
    const before = await getOrganization(apiUrl, ci.key);
    expect(before.status).toBe(200);
    expect(before.body.data?.id).toBe(ci.organization.id);
    expect(before.body.data?.name).toBe("Acme");
    // The key's own project first, so clients that take projects[0] work in it.
    expect(before.body.data?.projects.map((p) => p.name)).toEqual(["Research", "Alpha"]);

    const revoked = await keys(["revoke", ci.id], env);
    expect(revoked.stdout).toBe(`revoked ${ci.id}\n`);
    // The server may let the key in for up to a second (its key cache), never longer.
    const revokedAt = performance.now();
    let sentAt = performance.now();
    let after = await getOrganization(apiUrl, ci.key);
    while (after.status === 200) {
      expect(
        sentAt - revokedAt,
        "a request sent over a second after the revocation was let in",
      ).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 50));
      sentAt = performance.now();
      after = await getOrganization(apiUrl, ci.key);
    }
    expect(after).toEqual({
      status: 401,
      body: { error: { message: "invalid or revoked API key", code: "UNAUTHENTICATED" } },
    });

    // The listing sees what the server wrote (last use) and the revocation.
    const rows = JSON.parse((await keys(["list", "--json"], env)).stdout) as ListedKey[];
    const row = rows.find((r) => r.id === ci.id);
    expect(row?.last_used_at).toEqual(expect.any(String));
    expect(row?.revoked_at).toEqual(expect.any(String));

    // Revoking twice is an error: the key is no longer active.
    const again = await runCli(["keys", "revoke", ci.id], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`assay: no active API key with id ${ci.id}\n`);
    expect(await server.stop()).toMatchObject({ code: 0 });
  });

  it("fails with exit code 1 and a message when revoking an unknown id", async () => {
    const { env } = await serviceEnv(testDatabase());
    const id = "00000000-0000-4000-8000-000000000000";
    const result = await runCli(["keys", "revoke", id], env);
    expect(result).toMatchObject({
      code: 1,
      stdout: "",
      stderr: `assay: no active API key with id ${id}\n`,
    });
  });
});

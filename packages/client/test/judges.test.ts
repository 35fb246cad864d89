import { NotFoundError } from "@assay/client";
import { BadRequestError, ConflictError } from "@assay/client/errors";
import { describe, expect, it } from "vitest";
import { organizationReply, testClient } from "./support/fixtures.ts";
import { startScriptedServer } from "./support/scripted-server.ts";
import { bodyOf, JUDGE_ID, judgeBody, PROJECT_PATH, wrapped } from "./support/trace-fixtures.ts";

/** `client.judges` against a scripted server: what goes on the wire and what comes back. */

const JUDGES = `${PROJECT_PATH}/judges`;
const JUDGE = `${JUDGES}/${JUDGE_ID}`;

async function scripted() {
  const server = await startScriptedServer();
  server.on("GET", "/organizations", organizationReply());
  return server;
}

describe("create", () => {
  it("posts the fields given, then reads the judge back (the original SDK's follow-up GET)", async () => {
    await using server = await scripted();
    server.on("POST", JUDGES, wrapped({ id: JUDGE_ID }, 201));
    server.on("GET", JUDGE, wrapped(judgeBody()));
    const client = testClient(server);

    const judge = await client.judges.create({
      name: "Helpfulness",
      evaluation_goal: "The answer resolves the user's question.",
    });
    expect(judge).toEqual(judgeBody());
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /organizations",
      `POST ${JUDGES}`,
      `GET ${JUDGE}`,
    ]);
    // model_id is left out unless given: the server then picks its default judge model.
    expect(bodyOf(server.requestsTo("POST", JUDGES)[0])).toEqual({
      name: "Helpfulness",
      evaluation_goal: "The answer resolves the user's question.",
    });

    await client.judges.create({ name: "Other", evaluation_goal: "0123456789", model_id: "m-1" });
    expect(bodyOf(server.requestsTo("POST", JUDGES)[1])).toEqual({
      name: "Other",
      evaluation_goal: "0123456789",
      model_id: "m-1",
    });
  });

  it("raises ConflictError for a taken name and BadRequestError for a short goal", async () => {
    await using server = await scripted();
    server.on(
      "POST",
      JUDGES,
      {
        status: 409,
        body: { error: { message: "judge Helpfulness already exists", code: "CONFLICT" } },
      },
      {
        status: 400,
        body: {
          error: {
            message: "body.evaluation_goal: must be at least 10 characters",
            code: "VALIDATION_ERROR",
          },
        },
      },
    );
    const judges = testClient(server).judges;
    const conflict = await judges
      .create({ name: "Helpfulness", evaluation_goal: "0123456789" })
      .catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(ConflictError);
    expect((conflict as Error).message).toBe("Error code: 409 - judge Helpfulness already exists");
    await expect(judges.create({ name: "x", evaluation_goal: "short" })).rejects.toBeInstanceOf(
      BadRequestError,
    );
    // No follow-up GET after a refusal.
    expect(server.requestsTo("GET", JUDGE)).toHaveLength(0);
  });
});

describe("get, update, delete", () => {
  it("take an id or an object with one", async () => {
    await using server = await scripted();
    server.on("GET", JUDGE, wrapped(judgeBody()));
    const updated = judgeBody({ version: 2, name: "Helpful" });
    server.on("PATCH", JUDGE, wrapped(updated));
    const deleted = { organization_id: "org-1", project_id: "proj-1", id: JUDGE_ID };
    server.on("DELETE", JUDGE, wrapped(deleted));
    const judges = testClient(server).judges;

    expect(await judges.get(JUDGE_ID)).toEqual(judgeBody());
    expect(await judges.get({ id: JUDGE_ID })).toEqual(judgeBody());
    expect(await judges.update(judgeBody(), { name: "Helpful" })).toEqual(updated);
    expect(bodyOf(server.requestsTo("PATCH", JUDGE)[0])).toEqual({ name: "Helpful" });
    expect(await judges.delete(JUDGE_ID)).toEqual(deleted);
    // DELETE carries no body and no Content-Type.
    const [del] = server.requestsTo("DELETE", JUDGE);
    expect(del?.body.length).toBe(0);
    expect(del?.headers["content-type"]).toBeUndefined();
  });

  it("raise NotFoundError for an unknown id", async () => {
    await using server = await scripted();
    await expect(testClient(server).judges.get("nope")).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("getMany", () => {
  it("always sends page and page size (clamped to 1…500) and computes the pagination", async () => {
    await using server = await scripted();
    server.on("GET", JUDGES, wrapped({ judges: [judgeBody()], count: 1, total_count: 201 }));
    const judges = testClient(server).judges;

    expect(await judges.getMany()).toEqual({
      judges: [judgeBody()],
      count: 1,
      totalCount: 201,
      pagination: { page: 1, pageSize: 100, totalPages: 3, totalCount: 201 },
    });
    const second = await judges.getMany({ page: 2, pageSize: 1_000 });
    expect(second.pagination).toEqual({ page: 2, pageSize: 500, totalPages: 1, totalCount: 201 });
    expect(server.requestsTo("GET", JUDGES).map((r) => r.query.toString())).toEqual([
      "page=1&page_size=100",
      "page=2&page_size=500",
    ]);
  });
});

import type { ErrorBody, GetOrganizationResponse } from "@assay/protocol";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findUnstorableText } from "../src/platform/unstorable-text.ts";

/**
 * A JSON body nested thousands of levels deep (16 KB of brackets, far under the body limit) is a
 * 400 on every route, the unauthenticated sign-in included: the checks that walk a body must not
 * overflow the stack (it was a 500 on every route at about 8,000 levels).
 */
const DEPTH = 10_000;
const deepArray = `${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}`;
const deepObject = `${'{"a":'.repeat(DEPTH)}1${"}".repeat(DEPTH)}`;

let service: TestService;
let ids: Record<string, string>;

beforeAll(async () => {
  service = await startTestService({ env: { ASSAY_RATE_LIMIT_ENABLED: "false" } });
  const org = await service.call<GetOrganizationResponse>("GET", "/organizations");
  ids = { organization_id: org.body.data.id, project_id: org.body.data.projects[0]!.id };
});
afterAll(() => service?.close());

interface Operation {
  method: string;
  path: string;
  json: boolean;
}

/** Every operation of the served document, its own organization and project in the path. */
async function operations(): Promise<Operation[]> {
  const doc = await service.call<{
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
  }>("GET", "/openapi.json", { apiKey: null });
  return Object.entries(doc.body.paths).flatMap(([template, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path: template.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? "x"),
      json: op.requestBody?.content["application/json"] !== undefined,
    })),
  );
}

describe("deeply nested JSON bodies", () => {
  it("are a 400 on every operation that takes a JSON body, and never a 5xx", async () => {
    const all = await operations();
    expect(all.filter((op) => op.json).length).toBeGreaterThan(20);
    const answers: string[] = [];
    // Bodies go with every method that may carry one (fetch sends none with GET).
    for (const op of all.filter((o) => o.method !== "GET")) {
      for (const body of [deepArray, deepObject]) {
        const res = await service.call<ErrorBody>(op.method, op.path, {
          body,
          headers: { "content-type": "application/json" },
        });
        if (op.json) answers.push(`${op.method} ${op.path} ${res.status} ${res.body.error?.code}`);
        else if (res.status >= 500) answers.push(`${op.method} ${op.path} ${res.status}`);
      }
    }
    const refused = answers.filter((a) => a.endsWith(" 400 VALIDATION_ERROR"));
    expect(answers.filter((a) => !refused.includes(a))).toEqual([]);
  });

  it("is a 400 at the unauthenticated dashboard sign-in", async () => {
    for (const body of [deepArray, deepObject]) {
      const res = await service.call<ErrorBody>("POST", `${service.origin}/ui/session`, {
        apiKey: null,
        body,
        headers: {
          "content-type": "application/json",
          origin: service.origin,
          "x-assay-request": "1",
        },
      });
      expect(res.status, res.text).toBe(400);
      expect(res.body.error.message).toMatch(/nested/);
    }
  });

  it("still takes a body nested as deep as the protocol's own payloads go", async () => {
    const res = await service.call<ErrorBody>(
      "POST",
      `/organizations/${ids.organization_id}/projects/${ids.project_id}/custom-models`,
      {
        json: {
          name: "deep",
          key: "acme/deep",
          description: "",
          api_url: "https://api.example.test/v1",
          max_tokens: 64,
          extra_payload: { metadata: JSON.parse(`${'{"a":'.repeat(30)}1${"}".repeat(30)}`) },
        },
      },
    );
    expect(res.status, res.text).toBe(201);
  });
});

describe("findUnstorableText", () => {
  it("walks any depth without recursion, naming the field it stops at", () => {
    let value: unknown = "a\u0000b";
    for (let i = 0; i < 100_000; i += 1) value = [value];
    const issue = findUnstorableText(value, "body");
    expect(issue?.message).toContain("NUL");
    expect(issue?.field.startsWith("body.0.0.0")).toBe(true);
  });

  it("finds the first unstorable string in document order, keys included", () => {
    expect(findUnstorableText({ a: ["ok", { b: "x\ud800" }], c: "\u0000" }, "body")).toEqual({
      field: "body.a.1.b",
      message: "must not contain a lone surrogate (invalid Unicode)",
    });
    expect(findUnstorableText({ ok: 1, "k\u0000": 2 }, "body")).toEqual({
      field: "body",
      message: "a key must not contain a NUL character (\\u0000)",
    });
    expect(findUnstorableText(["fine", 1, null, { x: true }], "query")).toBeUndefined();
  });
});

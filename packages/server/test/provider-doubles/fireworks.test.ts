import { DEFAULT_ANSWER, type ProviderDouble } from "@assay/test-kit/provider-doubles/core.ts";
import { startFireworksDouble } from "@assay/test-kit/provider-doubles/fireworks.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ask, postChat } from "./post-chat.ts";

const MAVERICK = "accounts/fireworks/models/llama4-maverick-instruct-basic";

let double: ProviderDouble;
beforeAll(async () => {
  double = await startFireworksDouble();
});
afterAll(() => double.close());

describe("Fireworks double", () => {
  it("refuses a wrong key with 401 and an unknown model with 404 NOT_FOUND", async () => {
    expect((await postChat(double, ask(MAVERICK), { key: "fw_wrong" })).status).toBe(401);
    const model = await postChat(double, ask("accounts/fireworks/models/llama-v3p1-8b-instruct"));
    expect(model.status).toBe(404);
    expect(model.json.error).toMatchObject({
      code: "NOT_FOUND",
      message: "Model not found, inaccessible, and/or not deployed",
    });
  });

  it("lowers max_tokens past the context window by default, refuses it with context_length_exceeded_behavior error", async () => {
    const lowered = await postChat(double, ask(MAVERICK, { max_tokens: 2_000_000 }));
    expect(lowered.status).toBe(200);
    expect(lowered.json.choices[0].message.content).toBe(DEFAULT_ANSWER);
    const refused = await postChat(
      double,
      ask(MAVERICK, { max_tokens: 2_000_000, context_length_exceeded_behavior: "error" }),
    );
    expect(refused.status).toBe(400);
  });

  it("answers what the gateway sends", async () => {
    const res = await postChat(double, ask(MAVERICK, { max_tokens: 1024, temperature: 0 }));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      object: "chat.completion",
      choices: [{ finish_reason: "stop" }],
    });
  });
});

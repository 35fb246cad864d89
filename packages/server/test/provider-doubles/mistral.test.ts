import { DEFAULT_ANSWER, type ProviderDouble } from "@assay/test-kit/provider-doubles/core.ts";
import { startMistralDouble } from "@assay/test-kit/provider-doubles/mistral.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ask, postChat } from "./post-chat.ts";

let double: ProviderDouble;
beforeAll(async () => {
  double = await startMistralDouble();
});
afterAll(() => double.close());

describe("Mistral double", () => {
  it("refuses a wrong key with 401 Unauthorized and an unknown model with invalid_model", async () => {
    const wrong = await postChat(double, ask("mistral-small-latest"), { key: null });
    expect(wrong.status).toBe(401);
    expect(wrong.json.message).toBe("Unauthorized");
    const model = await postChat(double, ask("mistral-huge"));
    expect(model.status).toBe(400);
    expect(model.json).toMatchObject({ type: "invalid_model", code: "1500" });
  });

  it("refuses OpenAI's names for fields it names otherwise, with 422 extra_forbidden", async () => {
    for (const field of ["seed", "max_completion_tokens", "reasoning", "user"]) {
      const res = await postChat(double, ask("mistral-large-2411", { [field]: 1 }));
      expect(res.status).toBe(422);
      expect(res.json.message.detail[0]).toMatchObject({
        type: "extra_forbidden",
        loc: ["body", field],
        msg: "Extra inputs are not permitted",
      });
    }
    expect((await postChat(double, ask("mistral-large-2411", { random_seed: 1 }))).status).toBe(
      200,
    );
  });

  it("refuses extra message fields and temperatures above 1.5", async () => {
    const named = await postChat(double, {
      model: "open-mistral-nemo",
      messages: [{ role: "user", content: "hi", name: "ann" }],
    });
    expect(named.status).toBe(422);
    expect(named.json.message.detail[0].loc).toEqual(["body", "messages", 0, "user", "name"]);
    const hot = await postChat(double, ask("codestral-2501", { temperature: 2 }));
    expect(hot.status).toBe(422);
    expect(hot.json.message.detail[0].type).toBe("less_than_equal");
    const missing = await postChat(double, { model: "codestral-2501" });
    expect(missing.json.message.detail[0]).toMatchObject({
      type: "missing",
      loc: ["body", "messages"],
    });
  });

  it("answers what the gateway sends", async () => {
    const res = await postChat(
      double,
      ask("ministral-8b-2410", { max_tokens: 1024, temperature: 0 }),
    );
    expect(res.status).toBe(200);
    expect(res.json.choices[0].message.content).toBe(DEFAULT_ANSWER);
  });
});

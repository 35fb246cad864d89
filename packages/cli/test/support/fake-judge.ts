import { Client } from "@assay/client";
import {
  type FakeBehavior,
  type FakeModelServer,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import type { TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll } from "vitest";

/**
 * A fake judge model: an OpenAI-compatible endpoint that answers every judge prompt with a JSON
 * verdict. The trace it reads decides which one, so a test picks outcomes by what it uploads.
 */

/** A trace containing this is judged failed (score 0.1). */
export const FAIL_MARKER = "WRONG-ANSWER";
/** A trace containing this gets a reply without a verdict, twice: its evaluation ends `failure`. */
export const UNJUDGEABLE_MARKER = "UNJUDGEABLE";

export const PASS_REASONING = "The answer meets the goal.";
export const FAIL_REASONING = "The answer is wrong.";

export const verdictBehavior: FakeBehavior = ({ body }) => {
  // The trace is in the user message; the repair turn quotes it again, so look at them all.
  const text = JSON.stringify(body.messages);
  if (text.includes(UNJUDGEABLE_MARKER)) return { content: "I would rather not say." };
  const verdict = text.includes(FAIL_MARKER)
    ? { reasoning: FAIL_REASONING, score: 0.1, passed: false }
    : { reasoning: PASS_REASONING, score: 0.9, passed: true };
  return { content: JSON.stringify(verdict) };
};

/** One JSONL line of a trace; `answer` may carry a marker. */
export function traceLine(question: string, answer: string): string {
  return JSON.stringify({
    input: [{ role: "user", content: question }],
    output: answer,
    metadata: { app: "support-bot" },
  });
}

export interface JudgeFixture {
  client: Client;
  /** The fake judge registered as a custom model of the service's bootstrap project. */
  modelId: string;
  modelKey: string;
  judge: FakeModelServer;
}

let registered = 0;

/**
 * Starts the fake judge before the file's tests (after `useTestService()`'s service) and
 * registers it as a custom model, whose id or key judges name as `model_id`.
 */
export function useFakeJudge(service: () => TestService): () => JudgeFixture {
  let fixture: JudgeFixture | undefined;
  beforeAll(async () => {
    const judge = await startFakeModelServer({ latencyMs: 5, behavior: verdictBehavior });
    const { apiKey, apiUrl } = service();
    const client = new Client({ apiKey, baseURL: apiUrl });
    registered += 1;
    const modelKey = `fake/judge-${registered}`;
    const { model_id } = await client.models.createCustom({
      name: "Fake judge",
      key: modelKey,
      description: "answers JSON verdicts",
      api_url: judge.url,
      max_tokens: 256,
    });
    fixture = { client, modelId: model_id, modelKey, judge };
  });
  afterAll(async () => {
    await fixture?.judge.close();
  });
  return () => {
    if (!fixture) throw new Error("no fake judge: call useFakeJudge() at the top of the file");
    return fixture;
  };
}

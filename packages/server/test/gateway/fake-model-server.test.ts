import { readFile } from "node:fs/promises";
import {
  answerFromMap,
  makeArithmeticItem,
  makeArithmeticPrompt,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import { GSM8K_TEST_FILE } from "@assay/test-kit/shared-datasets.ts";
import { request } from "undici";
import { describe, expect, it } from "vitest";

interface ChatJson {
  choices: { message: { content: string } }[];
  usage: Record<string, number>;
}

async function chat(url: string, content: unknown) {
  const response = await request(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body:
      typeof content === "string"
        ? JSON.stringify({ model: "m", messages: [{ role: "user", content }] })
        : JSON.stringify(content),
  });
  return { status: response.statusCode, json: (await response.body.json()) as ChatJson };
}

const answerOf = (json: ChatJson) =>
  /####\s*(-?[\d,.]+)/.exec(json.choices[0]?.message.content ?? "")?.[1];

describe("fake model server", () => {
  it("answers the arithmetic fixture exactly 75 % correctly and counts everything", async () => {
    await using server = await startFakeModelServer({ captureBodies: true });
    let correct = 0;
    for (let id = 0; id < 40; id += 1) {
      const item = makeArithmeticItem(id, 1234);
      const { status, json } = await chat(server.chatUrl, item.question);
      expect(status).toBe(200);
      expect(json.usage).toEqual({ prompt_tokens: 30, completion_tokens: 12, total_tokens: 42 });
      if (answerOf(json) === item.answer) correct += 1;
    }
    expect(correct).toBe(30);
    const stats = server.stats();
    expect(stats).toMatchObject({ requests: 40, inFlight: 0, maxInFlight: 1, badRequests: 0 });
    expect(stats.connections).toBeGreaterThanOrEqual(1);
    expect(stats.bodies).toHaveLength(40);

    const stats2 = await (await request(server.url.replace(/\/v1$/, "/stats"))).body.json();
    expect(stats2).toMatchObject({ requests: 40 });
    server.reset();
    expect(server.stats()).toMatchObject({ requests: 0, connections: 0, bodies: [] });
  });

  it("generates the same fixture for the same seed, and a different one for another", () => {
    expect(makeArithmeticPrompt(7, 1)).toBe(makeArithmeticItem(7, 1).question);
    expect(makeArithmeticPrompt(7, 1)).toBe(makeArithmeticPrompt(7, 1));
    expect(makeArithmeticPrompt(7, 1)).not.toBe(makeArithmeticPrompt(7, 2));
    const item = makeArithmeticItem(3, 99);
    const [, a, b] = /What is (\d+) \+ (\d+)\?$/.exec(item.question) ?? [];
    expect(Number(a) + Number(b)).toBe(Number(item.answer));
    expect(item.question.startsWith("Q3: ")).toBe(true);
    const distinct = new Set(
      Array.from({ length: 500 }, (_, i) => makeArithmeticItem(i, 5).answer),
    );
    expect(distinct.size).toBeGreaterThan(300);
  });

  it("counts unparseable requests and prompts the behavior cannot answer", async () => {
    await using server = await startFakeModelServer();
    expect((await chat(server.chatUrl, { prompt: "no messages" })).status).toBe(400);
    const { json } = await chat(server.chatUrl, "What is the capital of France?");
    expect(json.choices[0]?.message.content).toBe("I do not know.");
    expect(server.stats().badRequests).toBe(2);
  });

  it("answers GSM8K questions from a map, inside a prompt template", async () => {
    const lines = (await readFile(GSM8K_TEST_FILE, "utf8"))
      .split("\n")
      .filter(Boolean)
      .slice(0, 50);
    const problems = lines.map((line) => JSON.parse(line) as { question: string; answer: string });
    const answers = new Map(
      problems.map((p) => [p.question, p.answer.split("#### ").at(-1)!.trim()]),
    );
    await using server = await startFakeModelServer({ behavior: answerFromMap(answers) });
    for (const problem of problems.slice(0, 10)) {
      const prompt = `Solve the problem. End with "#### <number>".\n\n${problem.question}`;
      const { json } = await chat(server.chatUrl, prompt);
      expect(answerOf(json)).toBe(answers.get(problem.question));
    }
    expect(server.stats().badRequests).toBe(0);
  });

  it("adds the configured latency", async () => {
    await using server = await startFakeModelServer({ latencyMs: 60 });
    const started = performance.now();
    await chat(server.chatUrl, makeArithmeticPrompt(1, 1));
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
  });
});

// The floor (performance.md Appendix A): the least a Node process must do per sample, with no
// service around it. C lanes over one undici.Pool of C keep-alive sockets: POST the chat request,
// parse the JSON answer, apply the regex, compare; results kept in memory, nothing stored.
// Run as a child process; prints one JSON line with its own wall, CPU and peak RSS.
//
//   FLOOR_URL=http://127.0.0.1:PORT/v1 FLOOR_C=64 FLOOR_N=12800 node bench/eval/lean-runner.ts
//   (FLOOR_MAX_TOKENS: the `max_tokens` it sends, 64 unless set)
import { Pool } from "undici";
import { ANSWER_PATTERN, makeItems } from "./fixture.ts";

const base = new URL(process.env.FLOOR_URL ?? "");
const concurrency = Number(process.env.FLOOR_C);
const items = makeItems(Number(process.env.FLOOR_N));
const maxTokens = Number(process.env.FLOOR_MAX_TOKENS ?? 64);
const pattern = new RegExp(ANSWER_PATTERN, "g");
const path = `${base.pathname}/chat/completions`;
const pool = new Pool(base.origin, { connections: concurrency, keepAliveTimeout: 30_000 });
const headers = { "content-type": "application/json", authorization: "Bearer x" };

interface Completion {
  choices: { message: { content: string } }[];
}

let next = 0;
let correct = 0;
let failed = 0;
async function lane() {
  while (next < items.length) {
    const item = items[next++];
    if (!item) break;
    const body = JSON.stringify({
      model: "fake",
      messages: [{ role: "user", content: item.question }],
      max_tokens: maxTokens,
      temperature: 0,
    });
    try {
      const response = await pool.request({ path, method: "POST", headers, body });
      const answer = (await response.body.json()) as Completion;
      const content = answer.choices[0]?.message.content ?? "";
      const last = [...content.matchAll(pattern)].at(-1)?.[1];
      if (last?.replaceAll(",", "") === item.answer) correct += 1;
    } catch {
      failed += 1;
    }
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, lane));
const wallMs = performance.now() - started;
const usage = process.resourceUsage();
console.log(
  JSON.stringify({
    wallMs,
    cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
    maxRssMb: usage.maxRSS / 1024,
    correct,
    failed,
    total: items.length,
  }),
);
await pool.close();

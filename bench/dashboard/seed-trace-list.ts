// The traces the trace list's budget is measured on (issue 31): many small traces of a few
// models, services, users and sessions, with latency and token usage, uploaded as one file as a
// team's tracing export would be; their summary columns are read at import.
import type { Client } from "@assay/client";

const MODELS = ["gpt-4o-mini", "gpt-4o", "acme/local-llama", "claude-sonnet-4", "qwen2.5:7b"];

/** Trace `i` of the list: every figure a deterministic function of `i`. */
function listTrace(i: number) {
  return {
    input: `Request ${i}: summarise ticket #${(i * 7919) % 100_000} for the support team.`,
    output: `Summary ${i}.`,
    metadata: {
      model: MODELS[i % MODELS.length],
      service_name: `service-${i % 4}`,
      user_id: `user-${(i * 31) % 500}`,
      session_id: `session-${Math.floor(i / 5)}`,
      // Spread over 50 ms to ~20 s, not in upload order.
      latency_ms: 50 + ((i * 104_729) % 20_000),
      usage: { input_tokens: 100 + ((i * 13) % 4000), output_tokens: 20 + ((i * 7) % 800) },
    },
  };
}

/** Uploads `count` traces (at most 100,000: one file's limit) as `list.jsonl`. */
export async function seedTraceList(
  client: Client,
  count: number,
  log: (line: string) => void,
): Promise<void> {
  const started = performance.now();
  const lines = Array.from({ length: count }, (_, i) => JSON.stringify(listTrace(i)));
  const data = new TextEncoder().encode(`${lines.join("\n")}\n`);
  const { trace_ids } = await client.traces.upload({ data, filename: "list.jsonl" });
  if (trace_ids.length !== count) throw new Error(`uploaded ${trace_ids.length} of ${count}`);
  log(
    `${count} traces for the list (${(data.length / 1e6).toFixed(1)} MB) in ${Math.round(performance.now() - started)} ms`,
  );
}

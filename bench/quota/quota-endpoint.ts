// The quota endpoint (quota-server.ts) in a child process, shaped as the eval bench's FakeEndpoint
// so the same Assay and peer runners (bench/eval/*.ts) drive it.
import type { ChildProcess } from "node:child_process";
import { freePort } from "@assay/test-kit/free-port.ts";
import type { QuotaLimits } from "@assay/test-kit/provider-doubles/openai-quota.ts";
import type { FakeEndpoint } from "../eval/fake-endpoint.ts";
import { cpuSeconds } from "../eval/proc.ts";
import { startProcess, stopProcess } from "../support/processes.ts";
import type { QuotaServerStats } from "./quota-server.ts";

export interface QuotaEndpoint extends FakeEndpoint {
  limits: QuotaLimits;
  stats(): Promise<QuotaServerStats>;
}

export async function startQuotaEndpoint(options: {
  limits: QuotaLimits;
  medianMs: number;
  seed: number;
  defaultMaxTokens: number;
}): Promise<QuotaEndpoint> {
  const port = await freePort();
  const child: ChildProcess = await startProcess(
    ["bench/quota/quota-server.ts"],
    {
      ...process.env,
      PORT: String(port),
      RPM: String(options.limits.requestsPerMinute),
      TPM: String(options.limits.tokensPerMinute),
      MEDIAN_MS: String(options.medianMs),
      SEED: String(options.seed),
      DEFAULT_MAX_TOKENS: String(options.defaultMaxTokens),
    },
    "chatUrl",
  );
  const origin = `http://127.0.0.1:${port}`;
  const pid = child.pid as number;
  return {
    limits: options.limits,
    // The eval bench's rows name the latency; here it is the median.
    latencyMs: options.medianMs,
    url: `${origin}/v1`,
    pid,
    async stats() {
      return (await (await fetch(`${origin}/stats`)).json()) as QuotaServerStats;
    },
    async reset() {
      await (await fetch(`${origin}/reset`, { method: "POST" })).text();
    },
    cpuSeconds: () => cpuSeconds(pid),
    close: () => stopProcess(child),
  };
}

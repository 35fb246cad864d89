// The real local model (scripts/local-model.sh: llama.cpp's llama-server, SmolLM2-135M-Instruct)
// served with several parallel slots, behind the counting proxy, shaped as the eval bench's
// FakeEndpoint so the same runners (bench/eval/*.ts) drive it.
//
// Served with `--ignore-eos`: every answer is exactly `max_tokens` tokens long, so each tool asks
// the server for the same work whatever its prompt template makes the model say (otherwise a
// template that talks the model into a short answer would look fast). `--metrics` gives the
// server's own token counters.
import type { ChildProcess } from "node:child_process";
import { freePort } from "@assay/test-kit/free-port.ts";
import { type LocalModel, startLocalModel } from "@assay/test-kit/local-model.ts";
import type { FakeEndpoint } from "../eval/fake-endpoint.ts";
import { cpuSeconds } from "../eval/proc.ts";
import { startProcess, stopProcess } from "../support/processes.ts";
import type { CountingProxyStats } from "./counting-proxy.ts";

/** llama-server's Prometheus counters this bench reads (see its /metrics). */
export interface ServerCounters {
  /** `llamacpp:tokens_predicted_total`: tokens generated. */
  predicted: number;
  /** `llamacpp:tokens_predicted_seconds_total`: slot-seconds spent generating them. */
  predictedSeconds: number;
}

export interface LlamaEndpoint extends FakeEndpoint {
  slots: number;
  /** Model load time, from spawn to a healthy server. */
  loadMs: number;
  stats(): Promise<CountingProxyStats>;
  counters(): Promise<ServerCounters>;
}

const COUNTERS: Record<keyof ServerCounters, string> = {
  predicted: "llamacpp:tokens_predicted_total",
  predictedSeconds: "llamacpp:tokens_predicted_seconds_total",
};

export async function startLlamaEndpoint(options: {
  slots: number;
  threads?: number;
}): Promise<LlamaEndpoint> {
  const model: LocalModel = await startLocalModel({
    slots: options.slots,
    extraArgs: [
      "--metrics",
      "--ignore-eos",
      ...(options.threads ? ["--threads", String(options.threads)] : []),
    ],
  });
  const proxyOrigin = `http://127.0.0.1:${await freePort()}`;
  let proxy: ChildProcess;
  try {
    proxy = await startProcess(
      ["bench/real-model/counting-proxy.ts"],
      { ...process.env, UPSTREAM: model.url, PORT: new URL(proxyOrigin).port },
      "chatUrl",
    );
  } catch (error) {
    await model.close();
    throw error;
  }
  const origin = model.url.replace(/\/v1$/, "");
  const proxyPid = proxy.pid as number;
  return {
    slots: options.slots,
    loadMs: model.loadMs,
    // The runners' tables name a latency; a real model has none fixed.
    latencyMs: 0,
    url: `${proxyOrigin}/v1`,
    pid: model.pid,
    async stats() {
      return (await (await fetch(`${proxyOrigin}/stats`)).json()) as CountingProxyStats;
    },
    async reset() {
      await (await fetch(`${proxyOrigin}/reset`, { method: "POST" })).text();
    },
    async counters() {
      const text = await (await fetch(`${origin}/metrics`)).text();
      const value = (name: string) => {
        const line = text.split("\n").find((l) => l.startsWith(`${name} `));
        if (!line) throw new Error(`llama-server /metrics has no ${name}`);
        return Number(line.slice(name.length + 1));
      };
      return {
        predicted: value(COUNTERS.predicted),
        predictedSeconds: value(COUNTERS.predictedSeconds),
      };
    },
    // The server and the proxy: what serving cost, apart from the tool under test.
    cpuSeconds: () => cpuSeconds(model.pid) + cpuSeconds(proxyPid),
    async close() {
      await stopProcess(proxy);
      await model.close();
    },
  };
}

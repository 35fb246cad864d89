// The peers run one after another against an endpoint, as the quota and real-model benches run
// them: each installed on first use (peer-install.ts), each sending the same `max_tokens` and
// stopped after the same time. A peer that cannot be installed is reported as missing, not run.
import type { FakeEndpoint } from "./fake-endpoint.ts";
import { runInspect } from "./inspect.ts";
import { runLmEval } from "./lm-eval.ts";
import { installNodePeers, installPythonPeers } from "./peer-install.ts";
import { findPromptfoo, runPromptfoo } from "./promptfoo.ts";
import { PEER_KINDS, type PeerKind, type RunResult } from "./result.ts";

export interface PeerRunReport {
  /** Runs one peer's measured run; `label` names it in the bench's output. */
  run(kind: PeerKind, label: string, measured: () => Promise<RunResult>): Promise<void>;
  /** A peer that could not be installed, and why. */
  missing(kind: PeerKind, reason: string): void;
}

export async function runPeers(
  endpoint: FakeEndpoint,
  options: {
    /** Which of promptfoo, inspect and lm-eval to run (others are ignored). */
    peers: ReadonlySet<string>;
    concurrency: number;
    n: number;
    maxTokens: number;
    timeoutMs: number;
  },
  report: PeerRunReport,
): Promise<void> {
  const { peers, concurrency, n, maxTokens, timeoutMs } = options;
  const chosen = PEER_KINDS.filter((kind) => peers.has(kind));
  if (chosen.includes("promptfoo")) {
    const failed = installNodePeers();
    const promptfoo = findPromptfoo();
    if (failed || !promptfoo) report.missing("promptfoo", failed ?? "not installed");
    else
      await report.run("promptfoo", `promptfoo ${promptfoo.version}`, () =>
        runPromptfoo(endpoint, concurrency, n, { write: true, maxTokens, timeoutMs }),
      );
  }
  const python = chosen.filter((kind) => kind !== "promptfoo");
  if (python.length === 0) return;
  const installed = installPythonPeers();
  for (const kind of python) {
    if (typeof installed === "string") {
      report.missing(kind, installed);
      continue;
    }
    await report.run(kind, kind, () =>
      kind === "inspect"
        ? runInspect(endpoint, concurrency, n, installed, { maxTokens, timeoutMs })
        : runLmEval(endpoint, concurrency, n, installed, { maxTokens, timeoutMs }),
    );
  }
}

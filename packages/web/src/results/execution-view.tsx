import type { ResultExecution } from "@assay/protocol";

/** How each exit reads, and why the run ended so (the label's title). */
const EXITS: Record<ResultExecution["exit"], { label: string; kind: string; why: string }> = {
  passed: { label: "passed", kind: "passed", why: "the program exited 0" },
  failed: { label: "failed", kind: "failed", why: "the program exited with an error" },
  timeout: { label: "timeout", kind: "error", why: "stopped at the sandbox's time limit" },
  memory: { label: "memory", kind: "error", why: "ran out of the sandbox's memory" },
  output_limit: { label: "output limit", kind: "error", why: "printed past the output limit" },
  crashed: { label: "crashed", kind: "error", why: "a signal ended the program" },
};

/**
 * What running the answer's code did (scorers that run it): the exit reason, then stdout and
 * stderr as the service kept them (each bounded, its end kept: a traceback ends with the failed
 * assertion), each scrolling in a block of bounded height so the panel stays readable.
 */
export function ExecutionView({ execution: e }: { execution: ResultExecution }) {
  const exit = EXITS[e.exit] ?? { label: e.exit, kind: "error", why: "" };
  return (
    <section className="execution" data-testid="execution">
      <h3 title="the answer's code run with the tests, in the sandbox">Execution</h3>
      <p className="execution-head">
        <span className={`outcome outcome-${exit.kind}`} title={exit.why} data-exit={e.exit}>
          {exit.label}
        </span>{" "}
        <span className="muted small num">{(e.duration_ms / 1000).toFixed(2)} s</span>
      </p>
      {e.stdout === "" && e.stderr === "" ? <p className="muted small">no output</p> : null}
      <Stream name="stdout" text={e.stdout} />
      <Stream name="stderr" text={e.stderr} />
    </section>
  );
}

function Stream({ name, text }: { name: string; text: string }) {
  if (text === "") return null;
  return (
    <div className="execution-stream" data-stream={name}>
      <span className="part-name">{name}</span>
      <pre className="text-block execution-output">{text}</pre>
    </div>
  );
}

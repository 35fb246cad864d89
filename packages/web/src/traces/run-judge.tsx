import { useState } from "react";
import { ErrorMessage } from "../shared/error-message.tsx";
import { useJudgeChoices, useRunJudge } from "./use-traces.ts";

/** "Run judge" on this trace: one of the project's judges, its verdict shown beside the trace. */
export function RunJudge({ traceId }: { traceId: string }) {
  const judges = useJudgeChoices();
  const run = useRunJudge(traceId);
  const [chosen, setChosen] = useState("");
  const judgeId = chosen || judges.data?.[0]?.id || "";
  if (judges.data?.length === 0)
    return (
      <p className="muted small">
        No judge yet: create one in <a href="/ui/judges">Judges</a> to run it here.
      </p>
    );
  return (
    <form
      className="run-judge"
      onSubmit={(e) => {
        e.preventDefault();
        if (judgeId) run.mutate(judgeId);
      }}
    >
      <select
        aria-label="Judge to run"
        value={judgeId}
        onChange={(e) => setChosen(e.target.value)}
        disabled={!judges.data}
      >
        {judges.data?.map((judge) => (
          <option key={judge.id} value={judge.id}>
            {judge.name}
          </option>
        ))}
      </select>
      <button type="submit" disabled={!judgeId || run.isPending}>
        {run.isPending ? "Starting…" : "Run judge"}
      </button>
      {run.isError ? <ErrorMessage error={run.error} /> : null}
    </form>
  );
}

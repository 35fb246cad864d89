import type { Result, ScorerStats } from "@assay/protocol";
import { useEffect, useRef } from "react";
import { ScorerScores } from "../scorers/scorer-scores.tsx";
import { AnswerStrip } from "./answer-strip.tsx";
import { AnswersView } from "./answers-view.tsx";
import { ExecutionView } from "./execution-view.tsx";
import { isFlaky, outcomeOf } from "./outcome.ts";
import { PromptView } from "./prompt-view.tsx";
import { ReasoningView } from "./reasoning-view.tsx";

/** Everything about one result, untruncated, beside the table. Esc (or ×) closes it. */
export function ResultPanel(props: {
  result: Result | undefined;
  onClose: () => void;
  /** The evaluation's custom scorers, to name the result's scorer grades. */
  scorers?: readonly ScorerStats[] | undefined;
  /** Times the run asks each prompt: above 1, the prompt's answers side by side. */
  repeats?: number;
}) {
  const { result, onClose } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus follows the panel so a screen reader announces it; j/k keep working from here.
  useEffect(() => {
    if (result) heading.current?.focus({ preventScroll: true });
  }, [result]);

  return (
    <aside className="result-panel" aria-label="Result">
      <div className="panel-head">
        <h2 ref={heading} tabIndex={-1}>
          {result ? `Prompt #${result.position}` : "Loading…"}
        </h2>
        <button type="button" className="close" onClick={onClose} title="Close (Esc)">
          ×
        </button>
      </div>
      {result ? (
        <Details result={result} scorers={props.scorers} repeats={props.repeats ?? 1} />
      ) : null}
    </aside>
  );
}

function Details({
  result: r,
  scorers,
  repeats,
}: {
  result: Result;
  scorers: readonly ScorerStats[] | undefined;
  repeats: number;
}) {
  const outcome = outcomeOf(r);
  // A run with repeats: the row is the prompt, its first answer's fields beside every answer's.
  const answers = repeats > 1 ? r.repeats : undefined;
  if (answers)
    return <PromptWithAnswers result={r} answers={answers} repeats={repeats} scorers={scorers} />;
  return (
    <div className="panel-body">
      <dl className="facts">
        <dt>Outcome</dt>
        <dd>
          <span className={`outcome outcome-${outcome}`}>{outcome}</span>
          {r.cached ? <span className="muted small"> (from the cache)</span> : null}
        </dd>
        <dt>Score</dt>
        <dd className="num">{r.score}</dd>
        <dt>Subset</dt>
        <dd>{r.subset}</dd>
        <dt>Prompt id</dt>
        <dd className="num">{r.prompt_id}</dd>
        <dt>Tokens</dt>
        <dd className="num">
          {r.tokens.prompt} in, {r.tokens.completion} out
          {r.tokens.reasoning > 0 ? ` (${r.tokens.reasoning} reasoning)` : null}
        </dd>
        <dt>Duration</dt>
        <dd className="num">{r.duration.toFixed(2)} s</dd>
      </dl>
      {r.error !== null ? (
        <section>
          <h3>Error</h3>
          <pre className="text-block error-text">{r.error}</pre>
        </section>
      ) : null}
      <section>
        <h3>Prompt</h3>
        <PromptView prompt={r.prompt} />
      </section>
      <section>
        <h3>Truth</h3>
        <pre className="text-block">{r.truth}</pre>
      </section>
      {r.reasoning !== null ? (
        // A new one per result, so a reasoning opened on one prompt does not stay open on the next.
        <ReasoningView key={r.position} reasoning={r.reasoning} tokens={r.tokens.reasoning} />
      ) : null}
      <section>
        <h3>Response</h3>
        {r.result === "" ? (
          <p className="muted">(none)</p>
        ) : (
          <pre className="text-block">{r.result}</pre>
        )}
      </section>
      <section>
        <h3 title="what the scorer extracted and compared, or why the prompt failed">Scorer</h3>
        <pre className="text-block">{r.reason || "—"}</pre>
      </section>
      {r.execution ? <ExecutionView execution={r.execution} /> : null}
      <ScorerScores result={r} scorers={scorers} />
    </div>
  );
}

/** A prompt asked several times: its facts, prompt and truth, then its answers side by side. */
function PromptWithAnswers({
  result: r,
  answers,
  repeats,
  scorers,
}: {
  result: Result;
  answers: NonNullable<Result["repeats"]>;
  repeats: number;
  scorers: readonly ScorerStats[] | undefined;
}) {
  const outcome = outcomeOf(r);
  return (
    <div className="panel-body">
      <dl className="facts">
        <dt>Outcome</dt>
        <dd>
          <span className={`outcome outcome-${outcome}`}>{outcome}</span>
          {isFlaky(r) ? (
            <span className="outcome outcome-flaky" title="some answers right, some not">
              flaky
            </span>
          ) : null}
        </dd>
        <dt>Answers</dt>
        <dd>
          <AnswerStrip answers={answers} repeats={repeats} />
        </dd>
        <dt>Score</dt>
        <dd className="num">
          {Number(r.score.toFixed(4))} <span className="muted small">mean over the answers</span>
        </dd>
        <dt>Subset</dt>
        <dd>{r.subset}</dd>
        <dt>Prompt id</dt>
        <dd className="num">{r.prompt_id}</dd>
        <dt>Tokens</dt>
        <dd className="num">
          {r.tokens.prompt} in, {r.tokens.completion} out
          {r.tokens.reasoning > 0 ? ` (${r.tokens.reasoning} reasoning)` : null}
          <span className="muted small"> (answer 1)</span>
        </dd>
      </dl>
      <section>
        <h3>Prompt</h3>
        <PromptView prompt={r.prompt} />
      </section>
      <section>
        <h3>Truth</h3>
        <pre className="text-block">{r.truth}</pre>
      </section>
      <AnswersView answers={answers} repeats={repeats} />
      <ScorerScores result={r} scorers={scorers} />
    </div>
  );
}

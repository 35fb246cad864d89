/**
 * A result's reasoning, in its own section before the response and apart from it: it is what the
 * model thought, never what was scored. A long one (reasoning models write thousands of tokens)
 * starts collapsed, so the response and the scorer's reason stay in view.
 */

/** Longer than this (characters or lines), it opens on demand. */
const OPEN_CHARS = 600;
const OPEN_LINES = 8;

export function ReasoningView({ reasoning, tokens }: { reasoning: string; tokens: number }) {
  const lines = reasoning.split("\n").length;
  const long = reasoning.length > OPEN_CHARS || lines > OPEN_LINES;
  const size =
    tokens > 0
      ? `${tokens.toLocaleString()} tokens`
      : `${lines.toLocaleString()} line${lines === 1 ? "" : "s"}`;
  return (
    <section className="reasoning-section" data-testid="reasoning">
      <details open={!long}>
        <summary>
          <h3>Reasoning</h3> <span className="muted small">the model's, not scored · {size}</span>
        </summary>
        <pre className="text-block reasoning-text">{reasoning}</pre>
      </details>
    </section>
  );
}

import type { BenchmarkPrompt } from "@assay/client";
import { PromptInput } from "./prompt-input.tsx";

/** One prompt whole: its input (or messages), the expected answer, its subset and id. */
export function PromptPanel({
  prompt,
  onClose,
}: {
  prompt: BenchmarkPrompt | undefined;
  onClose: () => void;
}) {
  return (
    <aside className="prompt-panel" aria-label="prompt">
      <div className="panel-head">
        <h2>
          Prompt <span className="num">{prompt?.id}</span>
        </h2>
        <span className="muted small">
          <kbd>j</kbd>/<kbd>k</kbd> next/previous ·{" "}
          <button type="button" onClick={onClose} aria-label="close the prompt (Escape)">
            ✕
          </button>
        </span>
      </div>
      {prompt ? (
        <>
          {prompt.subset ? (
            <p className="muted small">
              subset <span className="num">{prompt.subset}</span>
            </p>
          ) : null}
          <h3>Input</h3>
          <PromptInput input={prompt.input} />
          <h3>Expected answer</h3>
          <pre className="text-block truth">{prompt.truth}</pre>
        </>
      ) : (
        <p className="muted">This prompt is not on this page; search for it by id.</p>
      )}
    </aside>
  );
}

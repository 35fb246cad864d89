/**
 * Said once above a table whose prompts lost the opening they share (a benchmark's template):
 * the rows read as their questions, and the opening is here, whole, for whoever wants it.
 */
export function SharedOpeningNote({ opening }: { opening: string }) {
  if (opening === "") return null;
  return (
    <details className="shared-opening muted small" data-testid="shared-opening">
      <summary>
        Prompts are shown without the opening they all share: <q>{clip(opening.trim())}</q>
      </summary>
      <pre className="text-block">{opening.trim()}</pre>
    </details>
  );
}

/** The summary line's part of the opening; the whole of it is one click away. */
const SUMMARY_CHARS = 60;
const clip = (text: string) =>
  text.length <= SUMMARY_CHARS ? text : `${text.slice(0, SUMMARY_CHARS).trimEnd()}…`;

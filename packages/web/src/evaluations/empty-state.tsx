/** What to do next when there is nothing to show: filters that match nothing, or no runs yet. */
export function EmptyState({ filtered }: { filtered: boolean }) {
  if (filtered) {
    return <p className="empty">No evaluation matches these filters. Clear them to see all.</p>;
  }
  return (
    <div className="empty">
      <p>
        No evaluations in this project yet. Start one with <strong>New evaluation</strong>, or from
        a terminal:
      </p>
      <pre>
        <code>
          assay eval run --model &lt;model key&gt; --benchmark &lt;benchmark key&gt; --wait
        </code>
      </pre>
      <p className="muted small">
        <code>assay models list</code> and <code>assay benchmarks list</code> show the keys; the
        Python and TypeScript SDKs work too. New runs appear here.
      </p>
    </div>
  );
}

/** A judge's verdict: its name and pass or fail (or still waiting), in words and colour. */
export function VerdictChip({
  judge,
  passed,
  title,
}: {
  judge: string;
  passed: boolean | undefined;
  title?: string;
}) {
  const outcome = passed === undefined ? "pending" : passed ? "pass" : "fail";
  return (
    <span className={`verdict verdict-${outcome}`} title={title} data-outcome={outcome}>
      <span className="verdict-mark" aria-hidden="true">
        {passed === undefined ? "…" : passed ? "✓" : "✗"}
      </span>{" "}
      {judge} <span className="visually-hidden">{outcome}</span>
    </span>
  );
}

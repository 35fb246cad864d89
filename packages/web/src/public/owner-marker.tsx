import type { Evaluation } from "@assay/protocol";

/**
 * Whose evaluation this is, as the public list shows it: the signed-in organization's own
 * (published or still private to it) or another organization's, which it published.
 */
export function OwnerMarker({ evaluation, own }: { evaluation: Evaluation; own: boolean }) {
  if (own) {
    return (
      <span className={`owner owner-own${evaluation.is_public ? "" : " owner-private"}`}>
        yours · {evaluation.is_public ? "public" : "private"}
      </span>
    );
  }
  return (
    <span className="owner owner-other" title={`organization ${evaluation.organization_id}`}>
      another organization
    </span>
  );
}

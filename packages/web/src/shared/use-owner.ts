import type { Evaluation } from "@assay/protocol";
import { useSession } from "../app/use-session.ts";

/**
 * Whether the signed-in organization owns the evaluation: only the owner may cancel it, publish
 * it or follow its live stream; anyone else reads it because it is public. Undefined until the
 * session is known.
 */
export function useIsOwner(
  evaluation: Pick<Evaluation, "organization_id"> | undefined,
): boolean | undefined {
  const session = useSession();
  if (!evaluation || !session.data) return undefined;
  return session.data.organization.id === evaluation.organization_id;
}

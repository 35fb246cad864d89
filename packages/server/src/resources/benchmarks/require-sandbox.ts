import { badRequest } from "../../app-error.ts";
import type { SandboxStatus } from "../../engine/sandbox/sandbox-status.ts";
import { isSandboxScorer } from "../../engine/scorers/registry.ts";

/**
 * Refuses (400 naming `field`) a benchmark scored by running the answers' code where no code
 * sandbox can be made: at its creation and at the creation of a run of it, never later.
 */
export async function requireSandboxFor(
  status: SandboxStatus,
  scorer: string | null | undefined,
  field: string,
): Promise<void> {
  if (scorer === null || scorer === undefined || !isSandboxScorer(scorer)) return;
  const missing = await status.unavailable();
  if (missing !== null)
    throw badRequest(field, `${scorer} runs the answers' code, which cannot run here: ${missing}`);
}

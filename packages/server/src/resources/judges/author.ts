import type { Database } from "../../platform/db/database.ts";
import type { AuthContext } from "../../tenancy.ts";
import { createJudgeRepository } from "./repository.ts";

/**
 * Who made a change, as the wire shows it (a judge version's `updated_by`, a label's
 * `created_by`): the caller's API key in its display form (`assay_AbCd…wxyz`). Never the key
 * itself; a key deleted mid-request still gets a name.
 */
export async function authorOf(db: Database, auth: AuthContext): Promise<string> {
  return (await createJudgeRepository(db).keyDisplay(auth.apiKeyId)) ?? `API key ${auth.apiKeyId}`;
}

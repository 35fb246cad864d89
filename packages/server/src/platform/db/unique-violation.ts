/**
 * True when a write failed on a unique constraint, on either dialect: PostgreSQL reports SQLSTATE
 * 23505, node:sqlite an SQLITE_CONSTRAINT_UNIQUE / PRIMARYKEY error. Services turn it into a 409
 * when two requests race past their own duplicate check.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, errstr } = error as Error & { code?: string; errstr?: string };
  if (code === "23505") return true;
  return /UNIQUE constraint failed|PRIMARY KEY/i.test(`${errstr ?? ""} ${error.message}`);
}

/**
 * True when a write failed on a foreign key, on either dialect: PostgreSQL reports SQLSTATE 23503,
 * node:sqlite "FOREIGN KEY constraint failed". Services turn it into a 400 when a row a request
 * names was deleted between their own check and the write.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, errstr } = error as Error & { code?: string; errstr?: string };
  if (code === "23503") return true;
  return /FOREIGN KEY constraint failed/i.test(`${errstr ?? ""} ${error.message}`);
}

/**
 * True when a query failed on a unique constraint (PostgreSQL error 23505). Drizzle wraps
 * driver errors, so the code may sit on the error's cause.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return !constraint || e.constraint === constraint || String(e).includes(constraint);
  }
  return false;
}

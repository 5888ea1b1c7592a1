import { errorCauses } from './error-causes.ts';

/**
 * True when a query failed on a unique constraint (PostgreSQL error 23505). Drizzle wraps
 * driver errors, so the code may sit on the error's cause.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (const e of errorCauses(error)) {
    if (e.code === '23505') return !constraint || e.constraint === constraint || String(e).includes(constraint);
  }
  return false;
}

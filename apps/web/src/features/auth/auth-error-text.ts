import { PASSWORD_MIN_LENGTH, RATE_LIMIT_BLOCK_MINUTES } from '@atelier/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client.ts';

/** Error codes with their own text in the auth namespace; any other code gets the generic text. */
const CATALOGUED = new Set([
  'USERNAME_NOT_FOUND',
  'USER_NOT_FOUND',
  'INVALID_CREDENTIALS',
  'USER_ALREADY_EXISTS',
  'WEAK_PASSWORD',
  'INVALID_EMAIL',
  'RATE_LIMITED',
  'EMAIL_NOT_CONFIRMED',
  'NETWORK',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
  'VALIDATION_ERROR',
  'FORBIDDEN',
  'ACCOUNT_DISABLED',
  'INVALID_TWO_FACTOR_CODE',
  'TWO_FACTOR_EXPIRED',
]);

/**
 * The catalogue entry of a failed call: a refused e-mail or a too-short password (the server
 * names the field of its VALIDATION_ERROR) has the catalogue's own text.
 */
function catalogueCode(error: unknown): string {
  if (!(error instanceof ApiError)) return 'UNKNOWN';
  const [issue] = error.issues;
  if (error.code === 'VALIDATION_ERROR' && issue) {
    if (issue.field === 'email') return 'INVALID_EMAIL';
    if (/password/i.test(issue.field) && issue.problem === 'too_short') return 'WEAK_PASSWORD';
  }
  return CATALOGUED.has(error.code) ? error.code : 'UNKNOWN';
}

/** Minutes to wait, rounded up: the server's `retryAfter` when it sent one, else the sign-in block. */
function minutesToWait(error: unknown): number {
  const seconds = error instanceof ApiError ? error.retryAfter : undefined;
  return seconds ? Math.max(1, Math.ceil(seconds / 60)) : RATE_LIMIT_BLOCK_MINUTES;
}

/** The catalogue code, title and description of a failed auth call, in the user's language. */
export function authErrorText(
  t: TFunction<'auth'>,
  error: unknown,
): { code: string; title: string; description: string } {
  const code = catalogueCode(error);
  return {
    code,
    title: t(`errors.${code}.title`),
    description: t(`errors.${code}.description`, {
      minutes: minutesToWait(error),
      count: PASSWORD_MIN_LENGTH,
    }),
  };
}

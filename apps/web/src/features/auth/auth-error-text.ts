import { PASSWORD_MIN_LENGTH, RATE_LIMIT_BLOCK_MINUTES } from '@atelier/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client.ts';

/** Error codes with their own text in the auth namespace (platform.md §8 auth catalogue). */
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
  'VALIDATION_ERROR',
  'FORBIDDEN',
  'ACCOUNT_DISABLED',
]);

/** The title and description of a failed auth call, in the user's language. */
export function authErrorText(t: TFunction<'auth'>, error: unknown): { title: string; description: string } {
  const code = error instanceof ApiError && CATALOGUED.has(error.code) ? error.code : 'UNKNOWN';
  return {
    title: t(`errors.${code}.title`),
    description: t(`errors.${code}.description`, {
      minutes: RATE_LIMIT_BLOCK_MINUTES,
      count: PASSWORD_MIN_LENGTH,
    }),
  };
}

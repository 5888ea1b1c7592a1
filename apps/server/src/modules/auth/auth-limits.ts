import {
  PASSWORD_RESET_REQUESTS_PER_CLIENT_PER_HOUR,
  PASSWORD_RESET_REQUESTS_PER_HOUR,
  RATE_LIMIT_BLOCK_MINUTES,
  RATE_LIMIT_WINDOW_MINUTES,
  SIGN_IN_MAX_FAILURES,
} from '@atelier/contracts';
import type { RateLimitRule } from '../security/rate-limiter.ts';

/** Failed sign-ins: 5 in 60 minutes, then 15 minutes of 429 (platform.md §7 check_rate_limit). */
export const SIGN_IN_FAILURE_RULE: RateLimitRule = {
  maxAttempts: SIGN_IN_MAX_FAILURES,
  windowMinutes: RATE_LIMIT_WINDOW_MINUTES,
  blockMinutes: RATE_LIMIT_BLOCK_MINUTES,
};

/** Failures are counted per account (its e-mail) and per client address. */
export const signInAccountKey = (email: string) => `sign-in:account:${email.trim().toLowerCase()}`;
export const signInAddressKey = (address: string) => `sign-in:address:${address}`;

const hourly = (maxAttempts: number): RateLimitRule => ({ maxAttempts, windowMinutes: 60, blockMinutes: 60 });

/** Password-reset mail: a few per hour for the address asked for, more per client. */
export const passwordResetLimits = (email: string, address: string): [string, RateLimitRule][] => [
  [`password-reset:account:${email.trim().toLowerCase()}`, hourly(PASSWORD_RESET_REQUESTS_PER_HOUR)],
  [`password-reset:address:${address}`, hourly(PASSWORD_RESET_REQUESTS_PER_CLIENT_PER_HOUR)],
];

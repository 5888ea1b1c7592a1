import {
  PASSWORD_RESET_REQUESTS_PER_CLIENT_PER_HOUR,
  PASSWORD_RESET_REQUESTS_PER_HOUR,
  RATE_LIMIT_BLOCK_MINUTES,
  RATE_LIMIT_WINDOW_MINUTES,
  SIGN_IN_ACCOUNT_MAX_DELAY_SECONDS,
  SIGN_IN_ACCOUNT_SOFT_FAILURES,
  SIGN_IN_MAX_FAILURES,
  SIGN_UP_DOMAIN_WINDOW_MINUTES,
} from '@atelier/contracts';
import type { DelayRule, RateLimitRule } from '../security/rate-limiter.ts';

/** Failed sign-ins from one client address: 5 in 60 minutes, then 15 minutes of 429. */
export const SIGN_IN_FAILURE_RULE: RateLimitRule = {
  maxAttempts: SIGN_IN_MAX_FAILURES,
  windowMinutes: RATE_LIMIT_WINDOW_MINUTES,
  blockMinutes: RATE_LIMIT_BLOCK_MINUTES,
};

/**
 * Failed sign-ins of one account from anywhere: after 10 in the window, each further attempt
 * waits 1 s, 2 s, 4 s … at most a minute. A delay, not a lock: the owner still gets in.
 */
export const SIGN_IN_ACCOUNT_DELAY_RULE: DelayRule = {
  freeAttempts: SIGN_IN_ACCOUNT_SOFT_FAILURES,
  windowMinutes: RATE_LIMIT_WINDOW_MINUTES,
  maxDelaySeconds: SIGN_IN_ACCOUNT_MAX_DELAY_SECONDS,
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

/**
 * Sign-ups: so many an hour per client address (every attempt that reaches the account checks,
 * a taken address included — so addresses cannot be probed either), and a burst limit per e-mail
 * domain, so a script cannot open accounts by the hundred with free credits each.
 */
export const signUpLimits = (
  email: string,
  address: string,
  limits: { perClientPerHour: number; perDomainPerWindow: number },
): [string, RateLimitRule][] => {
  const domain = email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
  return [
    [`sign-up:address:${address}`, hourly(limits.perClientPerHour)],
    [
      `sign-up:domain:${domain}`,
      {
        maxAttempts: limits.perDomainPerWindow,
        windowMinutes: SIGN_UP_DOMAIN_WINDOW_MINUTES,
        blockMinutes: SIGN_UP_DOMAIN_WINDOW_MINUTES,
      },
    ],
  ];
};

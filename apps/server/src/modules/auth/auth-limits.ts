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
import { getDomain } from 'tldts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { rateLimited } from '../../platform/http/app-error.ts';
import { clientNetwork, clientSender } from '../../platform/http/client-address.ts';
import { reportTightestRateLimit } from '../security/enforce-rate-limit.ts';
import type { DelayRule, RateLimitRule } from '../security/rate-limiter.ts';
import * as rateLimiter from '../security/rate-limiter.ts';

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

/**
 * Failures are counted per account (its e-mail) and per sender: the client address, an IPv6
 * client by its /64 (platform/http/client-address.ts).
 */
export const signInAccountKey = (email: string) => `sign-in:account:${email.trim().toLowerCase()}`;
export const signInAddressKey = (address: string) => `sign-in:address:${clientSender(address)}`;

const hourly = (maxAttempts: number): RateLimitRule => ({ maxAttempts, windowMinutes: 60, blockMinutes: 60 });

export type Limit = [key: string, rule: RateLimitRule];

/**
 * Password-reset mail. The sender is throttled (429 past its hourly requests). The address asked
 * for gets a few mails an hour, and past them the request is dropped quietly — the same answer,
 * no mail, no new link — so strangers cannot keep the owner from resetting: every link already
 * mailed stays valid, the newest included, until one is used.
 */
export const passwordResetLimits = (email: string, address: string): { sender: Limit; mailbox: Limit } => ({
  sender: [`password-reset:address:${clientSender(address)}`, hourly(PASSWORD_RESET_REQUESTS_PER_CLIENT_PER_HOUR)],
  mailbox: [`password-reset:account:${email.trim().toLowerCase()}`, hourly(PASSWORD_RESET_REQUESTS_PER_HOUR)],
});

/** The host of an e-mail address and its registrable domain (`d1.farm.example` → `farm.example`, by the public suffix list). */
export function mailDomainsOf(email: string): { host: string; registrable: string } {
  const host = email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
  return { host, registrable: getDomain(host) ?? host };
}

/**
 * Sign-ups, limited per sender and never per mail domain for everyone (anyone could then keep
 * a whole provider's users out):
 * - `everyAttempt`: so many an hour from one sender, a taken address included, so addresses
 *   cannot be probed either; it slows only the one who sends;
 * - `newAccounts`, for an address at a subdomain of its registrable domain: the accounts one
 *   network opens under that domain in a short window, counted only when an account is made (an
 *   attempt on a taken address costs nobody else anything). Every `…@d<n>.farm.example` then
 *   meets one budget, while an address at a provider's own domain (`@gmail.com`) meets none but
 *   its sender's: people's mail is at a provider's domain, a farm's at subdomains it makes up.
 */
export const signUpLimits = (
  email: string,
  address: string,
  limits: { perClientPerHour: number; perDomainPerWindow: number },
): { everyAttempt: Limit; newAccounts: Limit | null } => {
  const { host, registrable } = mailDomainsOf(email);
  return {
    everyAttempt: [`sign-up:address:${clientSender(address)}`, hourly(limits.perClientPerHour)],
    newAccounts:
      host === registrable
        ? null
        : [
            `sign-up:domain:${registrable}:${clientNetwork(address)}`,
            {
              maxAttempts: limits.perDomainPerWindow,
              windowMinutes: SIGN_UP_DOMAIN_WINDOW_MINUTES,
              blockMinutes: SIGN_UP_DOMAIN_WINDOW_MINUTES,
            },
          ],
  };
};

/**
 * Wrong authenticator codes for one account, from anywhere: after 10, each further try waits
 * 1 s, 2 s … a minute (the sign-in's own rule). A wait, never a lock, and backup codes do not
 * wait: guessing from many addresses is slowed to a crawl, the owner is not kept out.
 */
export const twoFactorAccountLimit = (userId: string): [string, DelayRule] => [
  `two-factor:account:${userId}`,
  SIGN_IN_ACCOUNT_DELAY_RULE,
];

/** Codes of an authenticator app tried by one sender (each sign-in also allows only five). */
export const twoFactorCodeLimit = (address: string): Limit => [
  `two-factor:address:${clientSender(address)}`,
  { maxAttempts: 30, windowMinutes: 60, blockMinutes: 15 },
];

/** Turning two-factor sign-in on or off (each needs the password): a handful an hour per account. */
export const twoFactorSetupLimit = (userId: string): Limit => [
  `two-factor:user:${userId}`,
  { maxAttempts: 10, windowMinutes: 60, blockMinutes: 60 },
];

/**
 * Counts an attempt under each of `counted`, and looks whether any of `checked` is blocked
 * (those are counted by the caller once it knows the attempt's outcome); 429 with the longest
 * wait when any refuses.
 */
export async function consumeLimits(db: DbOrTx, counted: Limit[], checked: Limit[] = []): Promise<void> {
  const states = await Promise.all([
    ...counted.map(([key, rule]) => rateLimiter.consume(db, key, rule)),
    ...checked.map(([key]) => rateLimiter.check(db, key)),
  ]);
  reportTightestRateLimit(states.map((state, i) => [state, [...counted, ...checked][i]![1]]));
  const refused = states.filter((state) => !state.allowed);
  if (refused.length) throw rateLimited(Math.max(...refused.map((state) => state.retryAfter)));
}

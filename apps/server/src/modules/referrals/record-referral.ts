import { REFERRAL_CODE_COOKIE } from '@atelier/contracts';
import type { DbOrTx } from '../../platform/db/database.ts';
import * as repo from './repo.ts';

/** The referral code a sign-up request carries: the body's `referralCode`, else the cookie. */
export function referralCodeOf(body: unknown, cookieHeader: string | null | undefined): string | undefined {
  const fromBody = (body as { referralCode?: unknown } | undefined)?.referralCode;
  if (typeof fromBody === 'string' && fromBody.trim()) return fromBody.trim().toUpperCase();
  const cookie = cookieHeader
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${REFERRAL_CODE_COOKIE}=`));
  const value = cookie ? decodeURIComponent(cookie.slice(REFERRAL_CODE_COOKIE.length + 1)).trim() : '';
  return value ? value.toUpperCase() : undefined;
}

/**
 * Records that the new user `referredId` came through `code`: the profile's referred_by and a
 * pending referral. Runs in the sign-up transaction, right after the profile is written. An
 * unknown code or the user's own code is ignored without a word: the visitor signs up anyway.
 */
export async function recordReferral(tx: DbOrTx, referredId: string, code: string): Promise<void> {
  const referrerId = await repo.findUserIdByReferralCode(tx, code);
  if (!referrerId || referrerId === referredId) return;
  if (!(await repo.insertReferral(tx, referrerId, referredId))) return;
  await repo.updateReferredBy(tx, referredId, referrerId);
}

/**
 * Forgets who referred the user, while the referral has not completed: for a claim by someone
 * who may not be the person who signed up with the code (auth/account-claim.ts). Whether a
 * referral was forgotten.
 */
export async function forgetPendingReferral(tx: DbOrTx, referredId: string): Promise<boolean> {
  if (!(await repo.deletePendingReferralOf(tx, referredId))) return false;
  await repo.updateReferredBy(tx, referredId, null);
  return true;
}

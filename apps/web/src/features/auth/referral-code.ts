import { REFERRAL_CODE_STORAGE_KEY } from '@atelier/contracts';

/**
 * Keeps a `?ref=CODE` of the login address for this tab's session, so the referral work can
 * apply it once the visitor has an account.
 */
export function rememberReferralCode(search: URLSearchParams): void {
  const code = search.get('ref')?.trim().toUpperCase();
  if (!code || !/^[A-Z0-9]{4,32}$/.test(code)) return;
  try {
    sessionStorage.setItem(REFERRAL_CODE_STORAGE_KEY, code);
  } catch {
    // Storage blocked (private mode): the referral is lost, sign-up still works.
  }
}

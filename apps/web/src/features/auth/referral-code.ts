import {
  REFERRAL_CODE_COOKIE,
  REFERRAL_CODE_COOKIE_MAX_AGE_SECONDS,
  REFERRAL_CODE_STORAGE_KEY,
} from '@atelier/contracts';

/**
 * Keeps a `?ref=CODE` of the login address for this tab's session, so the referral work can
 * apply it once the visitor has an account.
 */
export function rememberReferralCode(search: URLSearchParams): void {
  const code = search.get('ref')?.trim().toUpperCase();
  if (!code || !/^[A-Z0-9]{4,32}$/.test(code)) return;
  // The server reads the cookie when the account is created, whichever way (e-mail or Apple).
  // biome-ignore lint/suspicious/noDocumentCookie: Firefox lacks the Cookie Store API; the value is [A-Z0-9] only.
  document.cookie = `${REFERRAL_CODE_COOKIE}=${code}; Path=/api/auth; Max-Age=${REFERRAL_CODE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
  try {
    sessionStorage.setItem(REFERRAL_CODE_STORAGE_KEY, code);
  } catch {
    // Storage blocked (private mode): the referral is lost, sign-up still works.
  }
}

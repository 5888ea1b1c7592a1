import type { DbOrTx } from '../../platform/db/database.ts';
import * as repo from './repo.ts';

/** Better Auth's cookie of a sign-in waiting for its second factor: `<prefix>.two_factor`. */
const TWO_FACTOR_COOKIE = /(?:^|;\s*)(?:__Secure-)?[\w-]+\.two_factor=([^;]+)/;

/**
 * The account a pending two-factor sign-in is for, from its cookie: Better Auth's signed value
 * is `<identifier>.<signature>`, and the identifier names a verification row holding the user.
 * Only read to count wrong codes against that account: Better Auth checks the signature, and a
 * forged identifier would have to name another sign-in's random one to matter.
 */
export async function pendingTwoFactorUser(db: DbOrTx, cookieHeader: string | undefined): Promise<string | undefined> {
  const value = cookieHeader ? TWO_FACTOR_COOKIE.exec(cookieHeader)?.[1] : undefined;
  if (!value) return undefined;
  let signed: string;
  try {
    signed = decodeURIComponent(value);
  } catch {
    return undefined;
  }
  const identifier = signed.slice(0, signed.lastIndexOf('.'));
  return identifier.startsWith('2fa-') ? repo.findVerificationUser(db, identifier) : undefined;
}

import type { DbOrTx } from '../../platform/db/database.ts';
import * as repo from './repo.ts';

/**
 * The address a verification link's token names. The token is Better Auth's signed JWT: this
 * only reads its payload, to know whose account the link is about; Better Auth checks the
 * signature, and nothing is done with the answer unless Better Auth verified the address.
 */
export function verificationTokenEmail(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const { email } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { email?: unknown };
    return typeof email === 'string' ? email.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** The account a verification link is about, and whether its address is verified yet. */
export const findAuthUserByEmail = (db: DbOrTx, email: string) => repo.findAuthUserByEmail(db, email);

export const isEmailVerified = (db: DbOrTx, userId: string) => repo.findEmailVerified(db, userId);

import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { authUsers } from '../../platform/db/schema/index.ts';

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

export async function findAuthUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: authUsers.id, emailVerified: authUsers.emailVerified })
    .from(authUsers)
    .where(eq(authUsers.email, email));
  return row;
}

export async function isEmailVerified(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ verified: authUsers.emailVerified }).from(authUsers).where(eq(authUsers.id, userId));
  return row?.verified ?? false;
}

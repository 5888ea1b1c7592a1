import type { UserRole } from '@atelier/contracts';
import type { DbOrTx } from '../../platform/db/database.ts';
import * as repo from './repo.ts';

export interface AccountStanding {
  role: UserRole;
  disabled: boolean;
  claimedAt: Date | null;
}

/**
 * The account's role and whether an admin has disabled it: read wherever a request's user is
 * resolved (a session today, an API key too), so a disabled account is nobody everywhere.
 * Undefined when the account has no profile (being deleted).
 */
export async function accountStanding(db: DbOrTx, userId: string): Promise<AccountStanding | undefined> {
  const row = await repo.findProfileStanding(db, userId);
  return row ? { role: row.role, disabled: row.disabledAt !== null, claimedAt: row.claimedAt } : undefined;
}

/** The answer to a sign-in of a disabled account (any method): Better Auth passes it on. */
export const ACCOUNT_DISABLED_MESSAGE = 'This account has been disabled.';

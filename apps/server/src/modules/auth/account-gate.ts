import type { UserRole } from '@atelier/contracts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
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

/**
 * Refuses (403 EMAIL_NOT_CONFIRMED) what only an account whose address is proven may do —
 * redeem a code, make, fund or join a team: until the address is proven the account may be a
 * stranger's claim on it (ADR 0027), and a fresh address costs a farm nothing.
 */
export async function assertAddressProven(db: DbOrTx, userId: string, message: string): Promise<void> {
  if (!(await repo.findEmailVerified(db, userId))) throw new AppError('EMAIL_NOT_CONFIRMED', message);
}

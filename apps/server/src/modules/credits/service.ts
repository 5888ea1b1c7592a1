import { afterCommit } from '../../platform/db/after-commit.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import type { CreditReason } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { recordCreditChange } from '../../platform/metrics/registry.ts';
import * as repo from './repo.ts';

export interface CreditChange {
  /** Whose balance changes; with `teamId`, the member whose action changes the team's pool. */
  userId: string;
  /** The team whose pool changes instead of the user's own balance. */
  teamId?: string | null;
  /** Always positive: the direction follows from the function called. */
  amount: number;
  reason: CreditReason;
  reference?: string | null;
  /** Unique per real-world event: a replay with the same key changes nothing. */
  idempotencyKey: string;
  /** The admin who made the change (reason `admin`). */
  actorId?: string | null;
}

export interface CreditChangeResult {
  /** False when the key had been applied before (a replay). */
  applied: boolean;
  balance: number;
}

/**
 * The only code that changes a credit balance. Callers pass their transaction so the change
 * commits or rolls back together with the run, order or reward it belongs to.
 *
 * The profile row (or the team's, for a team's pool) is locked first (SELECT … FOR UPDATE):
 * concurrent changes of one balance queue up, so the idempotency check and the balance check both see settled values.
 */
async function applyCreditChange(tx: DbOrTx, change: CreditChange, sign: 1 | -1): Promise<CreditChangeResult> {
  // Only a demo run is recorded at 0 credits; any other change moves credits.
  const least = change.reason === 'demo' ? 0 : 1;
  if (!Number.isInteger(change.amount) || change.amount < least) {
    throw new Error(`Credit amount must be an integer of at least ${least}, got ${change.amount}`);
  }
  const teamId = change.teamId ?? null;
  const current = teamId
    ? await repo.findTeamBalanceForUpdate(tx, teamId)
    : await repo.findUserBalanceForUpdate(tx, change.userId);
  if (current === undefined) throw new AppError('NOT_FOUND', teamId ? 'Team not found' : 'Profile not found');

  if (await repo.findLedgerEntryByKey(tx, change.idempotencyKey)) return { applied: false, balance: current };

  const delta = sign * change.amount;
  const balance = current + delta;
  if (balance < 0) {
    throw new AppError('INSUFFICIENT_CREDITS', "You don't have enough credits to perform this action.");
  }
  if (teamId) await repo.updateTeamBalance(tx, teamId, balance);
  else await repo.updateUserBalance(tx, change.userId, balance);
  await repo.insertLedgerEntry(tx, {
    userId: change.userId,
    teamId,
    amount: delta,
    balanceAfter: balance,
    reason: change.reason,
    reference: change.reference ?? null,
    idempotencyKey: change.idempotencyKey,
    actorId: change.actorId ?? null,
  });
  afterCommit(() => recordCreditChange(change.reason, delta));
  return { applied: true, balance };
}

/** Takes credits; throws INSUFFICIENT_CREDITS (HTTP 402) and changes nothing when the balance is short. */
export function chargeCredits(tx: DbOrTx, change: CreditChange): Promise<CreditChangeResult> {
  return applyCreditChange(tx, change, -1);
}

/** Gives credits back for a charge that did not deliver (a failed run). */
export function refundCredits(tx: DbOrTx, change: CreditChange): Promise<CreditChangeResult> {
  return applyCreditChange(tx, { ...change, reason: 'refund' }, 1);
}

/** Adds credits: the sign-up allotment, a plan's credits, a referral reward, an admin's grant. */
export function grantCredits(tx: DbOrTx, change: CreditChange): Promise<CreditChangeResult> {
  return applyCreditChange(tx, change, 1);
}

/**
 * The ledger reasons of credits a user paid for on their own balance: a plan's allotment (bought
 * or renewed), an admin's grant, and what moved to and from their teams' pools. Sign-up credits,
 * codes and referral rewards are gifts to that account.
 */
const PAID_REASONS: readonly CreditReason[] = ['plan', 'admin', 'team'];

/**
 * How many credits the user may move out of their balance (to a team's pool): those they paid
 * for and have not moved yet, at most their balance — gifts are spent first. Locks the balance,
 * so concurrent moves are counted one after the other.
 */
export async function transferableCredits(
  tx: DbOrTx,
  userId: string,
): Promise<{ balance: number; transferable: number }> {
  const balance = await repo.findUserBalanceForUpdate(tx, userId);
  if (balance === undefined) throw new AppError('NOT_FOUND', 'Profile not found');
  const paid = await repo.sumOwnLedgerOf(tx, userId, PAID_REASONS);
  return { balance, transferable: Math.max(0, Math.min(balance, paid)) };
}

export async function getCreditBalance(db: DbOrTx, userId: string): Promise<number> {
  const credits = await repo.findUserBalance(db, userId);
  if (credits === undefined) throw new AppError('NOT_FOUND', 'Profile not found');
  return credits;
}

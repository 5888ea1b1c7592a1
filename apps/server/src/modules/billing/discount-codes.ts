import { CURRENCIES, type Currency, type DiscountCheckResponse } from '@atelier/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx, Transaction } from '../../platform/db/database.ts';
import {
  invitationCodeRedemptions,
  invitationCodes,
  type OrderRow,
  orders,
  profiles,
} from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { enforceRateLimit } from '../security/enforce-rate-limit.ts';

/** A discount code the caller may use, as a checkout applies it. */
export interface UsableDiscount extends DiscountCheckResponse {
  codeId: string;
}

/** Checks and checkouts with a code, per user: plenty for typing, useless for guessing codes. */
const CHECK_RULE = { maxAttempts: 30, windowMinutes: 60, blockMinutes: 60 };

const isCurrency = (value: string | null): value is Currency =>
  value !== null && (CURRENCIES as readonly string[]).includes(value);

/** The English fallback texts; the SPA shows each code in the user's language. */
const REFUSALS = {
  DISCOUNT_CODE_NOT_FOUND: 'This discount code does not exist.',
  DISCOUNT_CODE_UNAVAILABLE: 'This discount code has expired or has already been used.',
  DISCOUNT_CODE_OWN: 'You cannot use your own discount code.',
  DISCOUNT_CODE_NOT_REFERRED: 'Discount codes are for new users who registered through a referral link.',
  DISCOUNT_CODE_NOT_FIRST_PURCHASE: 'Discount codes apply to a first purchase only.',
} as const;
const refuse = (code: keyof typeof REFUSALS) => new AppError(code, REFUSALS[code]);

/**
 * May `userId` pay a checkout in `currency` with the new-user discount `rawCode`
 * (platform.md §5, §9; ADR 0009)? Only a `discount_new_user` code that is switched on, not
 * expired and not used up; not the caller's own; for a caller who registered through a
 * referral (`profiles.referred_by`) and has never paid before; in the code's currency.
 * Throws the DISCOUNT_CODE_* error that says why not. Reads only: the use is counted when
 * the payment is applied (`countDiscountUse`).
 */
export async function resolveDiscount(
  db: DbOrTx,
  userId: string,
  rawCode: string,
  currency: Currency,
  now = new Date(),
): Promise<UsableDiscount> {
  await enforceRateLimit(db, {
    key: `discount-code:${userId}`,
    rule: CHECK_RULE,
    action: 'discount_code',
    userId,
    message: 'Too many discount code attempts; try again later',
  });
  const code = rawCode.trim().toUpperCase();
  const [row] = await db.select().from(invitationCodes).where(eq(invitationCodes.code, code));
  if (row?.codeType !== 'discount_new_user' || !row.discountAmount || !isCurrency(row.discountCurrency)) {
    throw refuse('DISCOUNT_CODE_NOT_FOUND');
  }
  if (row.creatorId === userId) throw refuse('DISCOUNT_CODE_OWN');
  if (!row.isActive || row.expiresAt <= now || row.currentUses >= row.maxUses) {
    throw refuse('DISCOUNT_CODE_UNAVAILABLE');
  }
  const [profile] = await db
    .select({ referredBy: profiles.referredBy })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!profile?.referredBy) throw refuse('DISCOUNT_CODE_NOT_REFERRED');
  const [paid] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'paid')))
    .limit(1);
  if (paid) throw refuse('DISCOUNT_CODE_NOT_FIRST_PURCHASE');
  if (row.discountCurrency !== currency) {
    throw new AppError(
      'DISCOUNT_CODE_CURRENCY',
      `This discount code is for payments in ${row.discountCurrency.toUpperCase()}.`,
    );
  }
  return { codeId: row.id, code: row.code, amountOff: row.discountAmount, currency: row.discountCurrency };
}

/**
 * Counts the use of the order's discount code, in the transaction that marks the order paid
 * (so a replayed payment, which finds the order paid, never counts again). The order was
 * priced when its checkout was created and the provider charged that price, so it is honoured
 * even if the code was used up in between (by another checkout open at the same time); the
 * conditional update never takes `current_uses` past `max_uses`, and the overuse is logged.
 */
export async function countDiscountUse(tx: Transaction, order: OrderRow, log: Logger): Promise<void> {
  if (!order.discountCodeId) return;
  const [counted] = await tx
    .update(invitationCodes)
    .set({ currentUses: sql`${invitationCodes.currentUses} + 1` })
    .where(and(eq(invitationCodes.id, order.discountCodeId), gt(invitationCodes.maxUses, invitationCodes.currentUses)))
    .returning({ id: invitationCodes.id });
  if (!counted) {
    log.warn(
      { orderId: order.id, codeId: order.discountCodeId },
      'billing: discount code used up before this order was paid; the discounted price is honoured',
    );
  }
  await tx
    .insert(invitationCodeRedemptions)
    .values({ codeId: order.discountCodeId, userId: order.userId, codeType: 'discount_new_user' })
    .onConflictDoNothing();
}

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
import { assertAddressProven } from '../auth/account-gate.ts';
import { enforceRateLimit } from '../security/enforce-rate-limit.ts';
import { countReservedUses, hasOpenCheckout } from './repo.ts';

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
  DISCOUNT_CODE_CHECKOUT_OPEN: 'You have another checkout in progress. Finish or cancel it, then try again.',
} as const;
const refuse = (code: keyof typeof REFUSALS) => new AppError(code, REFUSALS[code]);

/** A code and what it is checked for: a preview (reads only) or a checkout (locks, under way). */
export interface DiscountRequest {
  userId: string;
  rawCode: string;
  currency: Currency;
  now: Date;
}

/** Each caller's checks and checkouts with a code count against CHECK_RULE, refused ones too. */
export function enforceDiscountAttempts(db: DbOrTx, userId: string) {
  return enforceRateLimit(db, {
    key: `discount-code:${userId}`,
    rule: CHECK_RULE,
    action: 'discount_code',
    userId,
    message: 'Too many discount code attempts; try again later',
  });
}

/**
 * The pricing page's preview: may `userId` pay a checkout in `currency` with the new-user
 * discount `rawCode` (only for one who signed up through a referral; ADR 0009, 0028)? Reads only, and answers what a
 * checkout opened now would answer, except that the caller's own open checkouts do not count:
 * opening a discounted checkout closes them first (service.ts).
 */
export async function previewDiscount(db: DbOrTx, request: DiscountRequest): Promise<UsableDiscount> {
  return resolveDiscount(db, request, { lock: false });
}

/**
 * The discount of a checkout being opened, inside the transaction that records its pending
 * order (reserveCheckout): the code's row is locked first, then the caller's profile, so
 * concurrent checkouts with one code, or by one user, are decided one after the other.
 */
export async function resolveDiscountForCheckout(tx: Transaction, request: DiscountRequest): Promise<UsableDiscount> {
  return resolveDiscount(tx, request, { lock: true });
}

/**
 * Only for a caller whose address is proven (403 EMAIL_NOT_CONFIRMED), and only a
 * `discount_new_user` code that is switched on, not expired and neither used up nor held
 * by other people's open checkouts (paid uses + reservations < max_uses); not the caller's own;
 * for a caller who registered through a referral (`profiles.referred_by`) and is new: no paid
 * order and (at checkout) no other open checkout; in the code's currency. Throws the
 * DISCOUNT_CODE_* error that says why not.
 */
async function resolveDiscount(
  db: DbOrTx,
  { userId, rawCode, currency, now }: DiscountRequest,
  { lock }: { lock: boolean },
): Promise<UsableDiscount> {
  // A discount is a code redeemed: an account nobody has proven the address of gets none, so a
  // farm of fresh addresses cannot buy plans at the discounted price.
  await assertAddressProven(db, userId, 'Confirm your e-mail address before using a discount code');
  const code = rawCode.trim().toUpperCase();
  const query = db.select().from(invitationCodes).where(eq(invitationCodes.code, code));
  const [row] = lock ? await query.for('update') : await query;
  if (row?.codeType !== 'discount_new_user' || !row.discountAmount || !isCurrency(row.discountCurrency)) {
    throw refuse('DISCOUNT_CODE_NOT_FOUND');
  }
  if (row.creatorId === userId) throw refuse('DISCOUNT_CODE_OWN');
  if (!row.isActive || row.expiresAt <= now) throw refuse('DISCOUNT_CODE_UNAVAILABLE');
  const reserved = await countReservedUses(db, row.id, { exceptUserId: userId, now });
  if (row.currentUses + reserved >= row.maxUses) throw refuse('DISCOUNT_CODE_UNAVAILABLE');

  const profileQuery = db.select({ referredBy: profiles.referredBy }).from(profiles).where(eq(profiles.userId, userId));
  const [profile] = lock ? await profileQuery.for('update') : await profileQuery;
  if (!profile?.referredBy) throw refuse('DISCOUNT_CODE_NOT_REFERRED');
  // Read under the profile's lock: a payment being applied holds it until it commits.
  const [paid] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'paid')))
    .limit(1);
  if (paid) throw refuse('DISCOUNT_CODE_NOT_FIRST_PURCHASE');
  if (lock && (await hasOpenCheckout(db, userId, now))) throw refuse('DISCOUNT_CODE_CHECKOUT_OPEN');
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
 * (so a replayed payment, which finds the order paid, never counts again). The order's
 * reservation becomes the use: it stops being pending in the same transaction. A code counts
 * once per user (the redemption row is unique per code and user), and never past `max_uses`
 * (a conditional update). A payment the provider took after its checkout's reservation had
 * lapsed is honoured at the price charged, but cannot push the count over; that is logged.
 */
export async function countDiscountUse(tx: Transaction, order: OrderRow, log: Logger): Promise<void> {
  if (!order.discountCodeId) return;
  const context = { orderId: order.id, codeId: order.discountCodeId, userId: order.userId };
  const [redeemed] = await tx
    .insert(invitationCodeRedemptions)
    .values({ codeId: order.discountCodeId, userId: order.userId, codeType: 'discount_new_user' })
    .onConflictDoNothing()
    .returning({ id: invitationCodeRedemptions.id });
  if (!redeemed) {
    log.warn(context, 'billing: a second payment with a discount code its payer used before; counted once');
    return;
  }
  const [counted] = await tx
    .update(invitationCodes)
    .set({ currentUses: sql`${invitationCodes.currentUses} + 1` })
    .where(and(eq(invitationCodes.id, order.discountCodeId), gt(invitationCodes.maxUses, invitationCodes.currentUses)))
    .returning({ id: invitationCodes.id });
  if (!counted) {
    log.warn(context, 'billing: discount code used up before this order was paid; the price charged is honoured');
  }
}

import { applyDiscount, type DiscountCheckResponse, MINOR_UNITS_PER_MAJOR, toMinorUnits } from '@atelier/contracts';

/**
 * The first payment of a price (major units) with an accepted discount code in the same
 * currency, as the server will charge it; null when no discount applies to it.
 */
export function discountedPrice(
  amount: number,
  currency: string,
  discount: DiscountCheckResponse | null,
): number | null {
  if (!discount || discount.currency !== currency || amount <= 0) return null;
  const { charged, discount: off } = applyDiscount(toMinorUnits(amount), discount.amountOff);
  return off > 0 ? charged / MINOR_UNITS_PER_MAJOR : null;
}

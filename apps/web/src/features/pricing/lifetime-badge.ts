import type { PlansResponse } from '@atelier/contracts';

type Slots = PlansResponse['lifetimeSlots'];

/**
 * What the lifetime badge says, from the server's count of places: only what is true of the
 * offer now. It is limited in number, never in time, so the badge names the number — every
 * place still open, how many are left once some are taken, or that none are.
 */
export function lifetimeBadge({ total, remaining }: Slots, language: string) {
  const format = new Intl.NumberFormat(language);
  if (remaining <= 0) return { key: 'lifetimeBadge.soldOut', values: {} } as const;
  if (remaining < total) {
    return { key: 'lifetimeBadge.fewLeft', values: { remaining: format.format(remaining) } } as const;
  }
  return { key: 'lifetimeBadge.capped', values: { total: format.format(total) } } as const;
}

/** "847 of 1,000" in the language's number format, as the header writes credits. */
export function slotsRemaining({ total, remaining }: Slots, language: string) {
  const format = new Intl.NumberFormat(language);
  return { remaining: format.format(Math.max(0, remaining)), total: format.format(total) };
}

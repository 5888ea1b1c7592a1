import { describe, expect, it } from 'vitest';
import { addBillingPeriod, addCalendarMonths, nextPeriodEnd, prorate } from './billing-period.ts';

const at = (iso: string) => new Date(`${iso}T10:30:00.000Z`);

describe('billing periods', () => {
  it('adds calendar months and years, clamping a day the month does not have', () => {
    expect(addBillingPeriod(at('2027-03-15'), 'monthly')).toEqual(at('2027-04-15'));
    expect(addBillingPeriod(at('2027-01-31'), 'monthly')).toEqual(at('2027-02-28'));
    expect(addBillingPeriod(at('2028-01-31'), 'monthly')).toEqual(at('2028-02-29'));
    expect(addBillingPeriod(at('2027-12-31'), 'monthly')).toEqual(at('2028-01-31'));
    expect(addBillingPeriod(at('2028-02-29'), 'yearly')).toEqual(at('2029-02-28'));
    expect(addCalendarMonths(at('2027-03-31'), -1)).toEqual(at('2027-02-28'));
  });

  it('returns to the anchor day after a short month, for months and leap years', () => {
    const anchor = at('2027-01-31');
    const ends = [addBillingPeriod(anchor, 'monthly')];
    for (let i = 0; i < 4; i++) ends.push(nextPeriodEnd(ends.at(-1)!, 'monthly', anchor));
    expect(ends).toEqual([at('2027-02-28'), at('2027-03-31'), at('2027-04-30'), at('2027-05-31'), at('2027-06-30')]);

    const leap = at('2028-02-29');
    const years = [addBillingPeriod(leap, 'yearly')];
    for (let i = 0; i < 3; i++) years.push(nextPeriodEnd(years.at(-1)!, 'yearly', leap));
    expect(years).toEqual([at('2029-02-28'), at('2030-02-28'), at('2031-02-28'), at('2032-02-29')]);
  });

  it('keeps the day of a period end that is not a clamped month end (a plan change restarted it)', () => {
    // Anchor on the 31st, but the cycle was changed on the 10th: periods end on the 10th.
    expect(nextPeriodEnd(at('2027-03-10'), 'monthly', at('2027-01-31'))).toEqual(at('2027-04-10'));
    expect(nextPeriodEnd(at('2027-04-30'), 'monthly', at('2027-01-15'))).toEqual(at('2027-05-30'));
    expect(nextPeriodEnd(at('2027-04-30'), 'monthly', null)).toEqual(at('2027-05-30'));
  });

  it('prorates a change against the unused part of the current period', () => {
    const change = { amount: 799, previousAmount: 299, cycle: 'monthly', previousCycle: 'monthly' } as const;
    // The period ending Mar 31 began Feb 28 (one clamped month back): a change at its start
    // costs the whole difference, one at its end (period over) the new price.
    const end = at('2027-03-31');
    expect(prorate({ ...change, currentPeriodEnd: end }, at('2027-03-31'))).toBe(799);
    expect(prorate({ ...change, currentPeriodEnd: end }, new Date(end.getTime() - 31 * 86_400_000))).toBe(500);
  });
});

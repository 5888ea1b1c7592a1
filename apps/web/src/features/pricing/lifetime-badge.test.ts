import { describe, expect, it } from 'vitest';
import { lifetimeBadge, slotsRemaining } from './lifetime-badge.ts';

describe('the lifetime badge', () => {
  it('names the number of places while all are open', () => {
    expect(lifetimeBadge({ total: 1000, remaining: 1000 }, 'en')).toEqual({
      key: 'lifetimeBadge.capped',
      values: { total: '1,000' },
    });
  });

  it('counts what is left once places are taken, and says when none are', () => {
    expect(lifetimeBadge({ total: 1000, remaining: 847 }, 'ja')).toEqual({
      key: 'lifetimeBadge.fewLeft',
      values: { remaining: '847' },
    });
    expect(lifetimeBadge({ total: 1000, remaining: 0 }, 'en').key).toBe('lifetimeBadge.soldOut');
  });

  it('writes the slots in the language’s number format', () => {
    expect(slotsRemaining({ total: 1000, remaining: 1000 }, 'zh-TW')).toEqual({ remaining: '1,000', total: '1,000' });
    expect(slotsRemaining({ total: 1000, remaining: -1 }, 'en').remaining).toBe('0');
  });
});

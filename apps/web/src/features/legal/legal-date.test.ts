import { LEGAL_LAST_UPDATED } from '@atelier/contracts';
import { describe, expect, it } from 'vitest';
import { formatLegalLastUpdated, formatLongDate, parseLocalDate } from './legal-date.ts';

describe('parseLocalDate', () => {
  it('reads the date as local midnight of that day, not UTC', () => {
    const date = parseLocalDate('2025-05-22');
    expect([date.getFullYear(), date.getMonth(), date.getDate()]).toEqual([2025, 4, 22]);
    expect([date.getHours(), date.getMinutes()]).toEqual([0, 0]);
  });

  it('rejects text that is not a calendar date', () => {
    expect(() => parseLocalDate('22/05/2025')).toThrow(RangeError);
    expect(() => parseLocalDate('2025-02-30')).toThrow(RangeError);
  });
});

describe('formatLegalLastUpdated', () => {
  it('uses the shared constant', () => {
    expect(LEGAL_LAST_UPDATED).toBe('2025-05-22');
  });

  it.each([
    ['en', 'May 22, 2025'],
    ['ja', '2025年5月22日'],
    ['zh-TW', '2025年5月22日'],
    ['zh-CN', '2025年5月22日'],
  ])('formats for %s as %s', (language, expected) => {
    expect(formatLegalLastUpdated(language)).toBe(expected);
  });

  it('falls back to English for an unusable language tag', () => {
    expect(formatLongDate('2025-05-22', 'not a language!')).toBe('May 22, 2025');
  });
});

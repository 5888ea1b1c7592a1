import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date.ts';

describe('formatDate', () => {
  const iso = '2025-05-22T23:30:00.000Z';

  it('shows a day in each style of a language', () => {
    expect(formatDate(iso, 'en', 'long', 'UTC')).toBe('May 22, 2025');
    expect(formatDate(iso, 'zh-TW', 'long', 'UTC')).toBe('2025年5月22日');
    expect(formatDate(iso, 'ja', 'medium', 'UTC')).toBe('2025/05/22');
    expect(formatDate(iso, 'en', 'medium-time', 'UTC')).toMatch(/^May 22, 2025, 11:30\sPM$/);
  });

  it("reads a Date as it is and an ISO string as its instant, in the browser's zone unless UTC", () => {
    expect(formatDate(new Date(2025, 4, 22), 'en', 'long')).toBe('May 22, 2025');
    const local = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(iso));
    expect(formatDate(iso, 'en', 'medium')).toBe(local);
  });

  it('keeps one formatter per language and style: a second language does not change the first', () => {
    expect(formatDate(iso, 'zh-CN', 'medium', 'UTC')).toBe('2025年5月22日');
    expect(formatDate(iso, 'en', 'medium', 'UTC')).toBe('May 22, 2025');
    expect(formatDate(iso, 'zh-CN', 'medium', 'UTC')).toBe('2025年5月22日');
  });

  it('falls back to English for a language tag Intl cannot use', () => {
    expect(formatDate(iso, 'not a tag', 'long', 'UTC')).toBe('May 22, 2025');
  });
});

import { cachedIntlFormat } from './intl-cache.ts';

/**
 * How a date shows: `long` "May 22, 2025" / "2025年5月22日" (a page's date, a plan's renewal),
 * `medium` "May 22, 2025" / "2025/05/22" (lists), `medium-time` the same with the time to the
 * minute (runs, sessions, audit entries).
 */
export type DateStyle = 'long' | 'medium' | 'medium-time';

const STYLE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  long: { dateStyle: 'long' },
  medium: { dateStyle: 'medium' },
  'medium-time': { dateStyle: 'medium', timeStyle: 'short' },
};

/**
 * A date (an ISO string or a Date) in a language's style. One formatter per language, style and
 * time zone, kept (a history or an audit list formats a date per row). `timeZone: 'UTC'` where
 * the server's text and the browser's must agree; else the browser's own zone. A language tag
 * Intl cannot use (before i18next has resolved one) falls back to English.
 */
export function formatDate(value: string | Date, language: string, style: DateStyle, timeZone?: 'UTC'): string {
  const format = cachedIntlFormat(`date ${language} ${style} ${timeZone ?? 'local'}`, () => {
    const options = { ...STYLE_OPTIONS[style], timeZone };
    try {
      return new Intl.DateTimeFormat(language, options);
    } catch {
      return new Intl.DateTimeFormat('en', options);
    }
  });
  return format.format(typeof value === 'string' ? new Date(value) : value);
}

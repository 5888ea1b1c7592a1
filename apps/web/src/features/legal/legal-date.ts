import { LEGAL_LAST_UPDATED } from '@atelier/contracts';
import { formatDate } from '../../lib/format-date.ts';

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Reads a calendar date ("2025-05-22") as local midnight of that day.
 * `new Date('2025-05-22')` would be UTC midnight, which shows as May 21 west of Greenwich.
 */
export function parseLocalDate(isoDate: string): Date {
  const match = CALENDAR_DATE.exec(isoDate);
  if (!match) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${isoDate}`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) {
    throw new RangeError(`Not a calendar date: ${isoDate}`);
  }
  return date;
}

/** A calendar date in the long style of a language: "May 22, 2025", "2025年5月22日". */
export function formatLongDate(isoDate: string, language: string): string {
  return formatDate(parseLocalDate(isoDate), language, 'long');
}

/** The last-updated date of the Terms and Privacy pages, for a language. */
export function formatLegalLastUpdated(language: string): string {
  return formatLongDate(LEGAL_LAST_UPDATED, language);
}

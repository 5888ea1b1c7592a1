import { formatDate } from '../../lib/format-date.ts';

/**
 * A post's calendar date ("2025-06-05") in the long style of a language, read as a local date
 * (not UTC midnight, which would show the day before west of Greenwich).
 */
export function formatPostDate(isoDate: string, language: string): string {
  const [year = Number.NaN, month = Number.NaN, day = Number.NaN] = isoDate.split('-').map(Number);
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, month - 1, day);
  if (Number.isNaN(date.getTime())) return isoDate;
  return formatDate(date, language, 'long');
}

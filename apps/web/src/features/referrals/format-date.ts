import { formatDate } from '../../lib/format-date.ts';

/** A short date in the interface language, for code expiries and referral dates. */
export const formatShortDate = (iso: string, language: string) => formatDate(iso, language, 'medium');

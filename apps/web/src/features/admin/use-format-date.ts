import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format-date.ts';

/** Dates and times in the interface language, to the minute. */
export function useFormatDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  return (iso) => formatDate(iso, i18n.language, 'medium-time');
}

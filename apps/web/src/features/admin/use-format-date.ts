import { useTranslation } from 'react-i18next';

/** Dates and times in the interface language, to the minute. */
export function useFormatDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso) => format.format(new Date(iso));
}

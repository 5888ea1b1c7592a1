/** A short date in the interface language, for code expiries and referral dates. */
export const formatShortDate = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));

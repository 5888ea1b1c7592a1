import { isLanguage, type Language, languageFromAcceptLanguage } from '@atelier/contracts';

/**
 * The language of a new account: the one the SPA sent with the sign-up, else the browser's
 * languages by the rule the server-rendered pages follow (contracts: languageFromAcceptLanguage).
 */
export function requestLanguage(sent: unknown, acceptLanguage: string | null | undefined): Language {
  return isLanguage(sent) ? sent : languageFromAcceptLanguage(acceptLanguage);
}

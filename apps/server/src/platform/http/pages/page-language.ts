import { isLanguage, LANGUAGE_COOKIE, type Language, languageFromAcceptLanguage } from '@atelier/contracts';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';

/**
 * The language a page is rendered in (ADR 0016): the visitor's saved choice (the SPA mirrors
 * it in a cookie), else the browser's languages by the spec's rule.
 */
export function pageLanguage(c: Context): Language {
  const chosen = getCookie(c, LANGUAGE_COOKIE);
  return isLanguage(chosen) ? chosen : languageFromAcceptLanguage(c.req.header('accept-language'));
}

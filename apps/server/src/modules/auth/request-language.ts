import { isLanguage, type Language, LANGUAGES } from '@atelier/contracts';

/**
 * The language of a new account: the one the SPA sent with the sign-up, else the first of
 * the browser's Accept-Language that Atelier speaks (zh-HK/zh-Hant → zh-TW, zh/zh-Hans →
 * zh-CN), else English.
 */
export function requestLanguage(sent: unknown, acceptLanguage: string | null | undefined): Language {
  if (isLanguage(sent)) return sent;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    const exact = LANGUAGES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    if (tag.startsWith('zh')) return /hant|tw|hk|mo/.test(tag) ? 'zh-TW' : 'zh-CN';
    if (tag.startsWith('ja')) return 'ja';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}

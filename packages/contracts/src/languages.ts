export const LANGUAGES = ['en', 'zh-TW', 'zh-CN', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_STORAGE_KEY = 'language';
/** The stored choice mirrored in a cookie, so the server renders pages in it (ADR 0016). */
export const LANGUAGE_COOKIE = 'language';
/** How long the language cookie lasts: a year, renewed at every visit. */
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The name of each language written in that language, for the switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  'zh-TW': '繁體中文',
  'zh-CN': '简体中文',
  ja: '日本語',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Spec: zh-TW when the browser language starts with "zh", otherwise en. */
export function defaultLanguage(browserLanguage: string | undefined): Language {
  return browserLanguage?.toLowerCase().startsWith('zh') ? 'zh-TW' : 'en';
}

/**
 * The interface language for one language tag of the browser, or null when there is none:
 * English and Japanese by their primary tag; Simplified Chinese for zh-CN, zh-SG and zh-Hans;
 * any other Chinese tag is Traditional Chinese (the spec's rule: "zh…" → zh-TW).
 */
export function interfaceLanguageOf(tag: string): Language | null {
  const lower = tag.trim().toLowerCase();
  const primary = lower.split('-')[0];
  if (primary === 'en') return 'en';
  if (primary === 'ja') return 'ja';
  if (primary !== 'zh') return null;
  return /^zh-(cn|sg|hans)(-|$)/.test(lower) ? 'zh-CN' : 'zh-TW';
}

/**
 * The language for a visitor without a saved choice, from the browser's languages (an
 * Accept-Language header): the most preferred one the interface has, else en. Entries are
 * taken by their q weights (RFC 9110 §12.5.4), ties in the order written; q=0 means "not".
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language {
  const ranked = (header ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const language = interfaceLanguageOf(tag);
    if (language) return language;
  }
  return 'en';
}

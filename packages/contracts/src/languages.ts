export const LANGUAGES = ['en', 'zh-TW', 'zh-CN', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_STORAGE_KEY = 'language';

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

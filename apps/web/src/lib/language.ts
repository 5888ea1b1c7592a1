import {
  defaultLanguage,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  LANGUAGE_STORAGE_KEY,
  type Language,
} from '@atelier/contracts';
import { safeLocalStorage } from './safe-storage.ts';

/** The language the server chose for the page (<html lang data-server-language>), if it did. */
export function documentLanguage(): Language | undefined {
  const root = globalThis.document?.documentElement;
  const lang = root?.hasAttribute('data-server-language') ? root.lang : undefined;
  return isLanguage(lang) ? lang : undefined;
}

/**
 * The stored choice, else the language the server chose for this visitor (its cookie or the
 * browser's languages, ADR 0016), else — without a server, in development — the spec's
 * default for the browser language (zh* → zh-TW, else en).
 */
export function initialLanguage(
  storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage(),
  browserLanguage: string | undefined = globalThis.navigator?.language,
  pageLanguage: Language | undefined = documentLanguage(),
): Language {
  const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  return pageLanguage ?? defaultLanguage(browserLanguage);
}

/** The stored choice, if any. */
export function storedLanguage(storage = safeLocalStorage()): Language | undefined {
  const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : undefined;
}

/** Mirrors the choice in a cookie, so the server renders the next page in it. */
export function mirrorLanguageCookie(language: Language): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not everywhere
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

export function storeLanguage(language: Language): void {
  safeLocalStorage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  mirrorLanguageCookie(language);
}

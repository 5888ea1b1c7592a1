import { defaultLanguage, isLanguage, LANGUAGE_STORAGE_KEY, type Language } from '@atelier/contracts';
import { safeLocalStorage } from './safe-storage.ts';

/** The stored choice, else the spec's default for the browser language (zh* → zh-TW, else en). */
export function initialLanguage(
  storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage(),
  browserLanguage: string | undefined = globalThis.navigator?.language,
): Language {
  const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : defaultLanguage(browserLanguage);
}

export function storeLanguage(language: Language): void {
  safeLocalStorage()?.setItem(LANGUAGE_STORAGE_KEY, language);
}

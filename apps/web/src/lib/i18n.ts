import type { Language } from '@atelier/contracts';
import i18next, { type BackendModule, type InitOptions, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { initialLanguage, storeLanguage } from './language.ts';

/**
 * Text tables are i18next namespaces: src/locales/<language>/<namespace>.json (ADR 0002).
 * Each file is its own lazily loaded chunk, so a page ships only its language and the
 * namespaces it uses. A feature page loads its namespace with useTranslation('<ns>') (the
 * layout's Suspense covers the wait) or through the route table's `namespaces`.
 */
const textTables = import.meta.glob<{ default: ResourceKey }>('../locales/*/*.json');

/** Namespaces the shell itself needs on every page (top bar, footer, tool menu). */
export const SHELL_NAMESPACES = ['common', 'tools'] as const;

const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = textTables[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No text table ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    );
  },
};

function reflectLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Options the browser and the server renderer (i18n-server.ts) share, so both say the same. */
export const I18N_OPTIONS = {
  // Every language has every key (locales.test.ts), so no second language is downloaded
  // as a fallback.
  fallbackLng: false,
  load: 'currentOnly',
  defaultNS: 'common',
  interpolation: { escapeValue: false }, // React escapes
  react: { useSuspense: true },
} as const satisfies InitOptions;

export function initI18n(language: Language = initialLanguage()): Promise<unknown> {
  i18next.on('languageChanged', reflectLanguage);
  return i18next
    .use(localeBackend)
    .use(initReactI18next)
    .init({ ...I18N_OPTIONS, lng: language, ns: [...SHELL_NAMESPACES] });
}

/** Switches the interface language and remembers the choice. */
export async function setLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  await i18next.changeLanguage(language);
}

export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  return namespaces.length ? i18next.loadNamespaces([...namespaces]) : Promise.resolve();
}

export { i18next };

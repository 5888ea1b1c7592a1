import type { Language } from '@atelier/contracts';
import i18next, { type i18n, type Resource, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { I18N_OPTIONS } from './i18n.ts';

/**
 * The server renderer's text tables: every namespace of every language, read once as the
 * server bundle loads, so a page renders without waiting (no Suspense fallback in the HTML)
 * and its text is exactly what the browser shows once it has loaded the same tables.
 */
const tables = import.meta.glob<ResourceKey>('../locales/*/*.json', { eager: true, import: 'default' });
const resources: Resource = {};
for (const [file, table] of Object.entries(tables)) {
  const [, language, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
  resources[language!] ??= {};
  resources[language!]![namespace!] = table;
}

/** An i18next of its own for one request, in the visitor's language (requests run side by side). */
export function createServerI18n(language: Language): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    ...I18N_OPTIONS,
    lng: language,
    resources,
    ns: Object.keys(resources.en ?? {}),
    // Everything is in memory: ready as init returns.
    initAsync: false,
  });
  return instance;
}

import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { initI18n, loadNamespaces, setLanguage } from './lib/i18n.ts';
import { documentLanguage, initialLanguage, mirrorLanguageCookie, storedLanguage } from './lib/language.ts';

declare global {
  interface Window {
    /** The first page's route modules, imported by React Router's script before this one runs. */
    __reactRouterRouteModules?: Record<string, { handle?: { namespaces?: readonly string[] } } | undefined>;
  }
}

/**
 * The browser's start: the text tables the server rendered the page with (its language, the
 * shell's and the page's namespaces), then hydration of the server's HTML.
 */
async function start() {
  const language = documentLanguage() ?? initialLanguage();
  const modules = Object.values(window.__reactRouterRouteModules ?? {});
  await initI18n(language).catch(() => undefined);
  await loadNamespaces(modules.flatMap((module) => module?.handle?.namespaces ?? [])).catch(() => undefined);
  // In a transition React hydrates in slices of a few milliseconds that give way to input and
  // paint; a press on a part not hydrated yet hydrates that part at once and is handled.
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
      {
        // What React could not hydrate (the server's HTML differed) it renders again; it says
        // so in the console, where the end-to-end tests look for it.
        onRecoverableError: (error) => console.error('Hydration error:', error),
      },
    );
  });

  const stored = storedLanguage();
  if (!stored) return;
  // The server reads the choice from its cookie; a choice stored before there was one wins
  // here, and is mirrored for the next page.
  mirrorLanguageCookie(stored);
  if (stored !== language) await setLanguage(stored);
}

void start();

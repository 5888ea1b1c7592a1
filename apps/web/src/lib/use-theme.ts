import { DEFAULT_THEME, TIME_THEME_RECHECK_MS, type Theme } from '@atelier/contracts';
import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  applyDarkClass,
  DARK_SCHEME_QUERY,
  isDarkTheme,
  readStoredTheme,
  storeTheme,
  systemPrefersDark,
} from './theme.ts';

// The preference is app-wide state with one writer (the theme selector) and many readers, so a
// tiny external store is enough; no context provider is needed.
let preference: Theme = readStoredTheme();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setThemePreference(theme: Theme): void {
  preference = theme;
  storeTheme(theme);
  for (const listener of listeners) listener();
}

export function useThemePreference(): Theme {
  // The server cannot read the stored choice: it renders the default, and the browser
  // re-renders with the stored one right after hydrating.
  return useSyncExternalStore(
    subscribe,
    () => preference,
    () => DEFAULT_THEME,
  );
}

/**
 * Keeps the `dark` class in step with the preference: time mode is re-checked every
 * TIME_THEME_RECHECK_MS, system mode follows the OS setting live. Mount once, at the root.
 * Returns whether the page is dark now (for components that take a theme prop).
 */
export function useAppliedTheme(): boolean {
  const theme = useThemePreference();
  // Light until the effect below has looked, as on the server, so hydration matches.
  const [dark, setDark] = useState(false);
  useEffect(() => {
    const apply = () => {
      const next = isDarkTheme(theme, new Date(), systemPrefersDark());
      applyDarkClass(next);
      setDark(next);
    };
    apply();
    if (theme === 'time') {
      const timer = setInterval(apply, TIME_THEME_RECHECK_MS);
      return () => clearInterval(timer);
    }
    if (theme === 'system' && typeof matchMedia === 'function') {
      const query = matchMedia(DARK_SCHEME_QUERY);
      query.addEventListener('change', apply);
      return () => query.removeEventListener('change', apply);
    }
    return undefined;
  }, [theme]);
  return dark;
}

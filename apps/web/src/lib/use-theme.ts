import { useEffect, useSyncExternalStore } from 'react';
import { externalValue } from './external-value.ts';
import {
  applyDarkClass,
  DARK_SCHEME_QUERY,
  isDarkTheme,
  readStoredTheme,
  storeTheme,
  systemPrefersDark,
} from './theme.ts';
import { DEFAULT_THEME, type Theme, TIME_THEME_RECHECK_MS } from './ui-constants.ts';

// The preference has one writer (the theme selector) and many readers, so a tiny external
// store is enough; no context provider is needed.
const preference = externalValue<Theme>(readStoredTheme());
/** Whether the page is dark now, as last applied by <ThemeSync>. */
const appliedDark = externalValue(false);

export function setThemePreference(theme: Theme): void {
  storeTheme(theme);
  preference.set(theme);
}

export function useThemePreference(): Theme {
  // The server cannot read the stored choice: it renders the default, and the browser
  // re-renders with the stored one right after hydrating.
  return useSyncExternalStore(preference.subscribe, preference.get, () => DEFAULT_THEME);
}

/** Whether the page is dark now, for components that take a theme prop (the toaster). */
export function useAppliedDark(): boolean {
  // Light on the server, as the page is rendered before the browser knows the time or the OS.
  return useSyncExternalStore(appliedDark.subscribe, appliedDark.get, () => false);
}

/**
 * Keeps the `dark` class in step with the preference: time mode is re-checked every
 * TIME_THEME_RECHECK_MS, system mode follows the OS setting live. Mount once, at the root.
 * A component of its own that renders nothing, so when the theme is applied after hydration
 * (a dark page at night) only it re-renders, not the page around it: re-rendering the whole
 * tree there was a long task on a phone.
 */
export function ThemeSync(): null {
  const theme = useThemePreference();
  useEffect(() => {
    const apply = () => {
      const next = isDarkTheme(theme, new Date(), systemPrefersDark());
      applyDarkClass(next);
      appliedDark.set(next);
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
  return null;
}

import { safeLocalStorage } from './safe-storage.ts';
import { DEFAULT_THEME, isDarkHour, THEME_STORAGE_KEY, THEMES, type Theme } from './ui-constants.ts';

/**
 * Theme rules: light, dark, the system's, or by the clock (dark from 18:00 to 06:00, looked at
 * again every minute). app/theme-init.js applies the same rules before the first
 * paint; theme-init.test.ts holds the two together.
 */
export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** Is the page dark for this preference, at this local time, with this OS preference? */
export function isDarkTheme(theme: Theme, now: Date, systemPrefersDark: boolean): boolean {
  switch (theme) {
    case 'dark':
      return true;
    case 'light':
      return false;
    case 'system':
      return systemPrefersDark;
    case 'time':
      return isDarkHour(now.getHours());
  }
}

export function readStoredTheme(storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): Theme {
  const value = storage?.getItem(THEME_STORAGE_KEY);
  return isTheme(value) ? value : DEFAULT_THEME;
}

export function storeTheme(theme: Theme): void {
  safeLocalStorage()?.setItem(THEME_STORAGE_KEY, theme);
}

export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

export function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DARK_SCHEME_QUERY).matches;
}

/** Sets the `dark` class (Tailwind's dark variant) and the native colour scheme. */
export function applyDarkClass(dark: boolean, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}

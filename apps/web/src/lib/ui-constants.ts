/**
 * Constants of the web app alone (the server never reads them): the theme, toast and redirect
 * timings, menus, the home route's JavaScript budget, the licences file's path. Constants both
 * apps need live in @atelier/contracts.
 */
export const THEMES = ['light', 'dark', 'system', 'time'] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_STORAGE_KEY = 'theme';
export const DEFAULT_THEME: Theme = 'time';
/** Time mode: dark from 18:00 up to (not including) 06:00 local time. */
export const TIME_THEME_DARK_FROM_HOUR = 18;
export const TIME_THEME_DARK_UNTIL_HOUR = 6;
export const TIME_THEME_RECHECK_MS = 60_000;

export const TOAST_DURATION_MS = 3000;
export const ACCESS_DENIED_REDIRECT_MS = 3000;
export const AUTH_CALLBACK_REDIRECT_MS = 3000;

export const SUBMENU_OPEN_DELAY_MS = 100;

/**
 * Home-page JavaScript budget as transferred (brotli), checked by the build test. It is what
 * React DOM and React Router's framework mode need (ADR 0030, ADR 0063): React DOM is about
 * 55 KiB of it, React Router with its hydration data and route manifest ~30 KiB, i18next with
 * react-i18next ~16 KiB, TanStack Query ~9 KiB. The home route measured 137 KiB on the data
 * router and 154 KiB in framework mode; the budget leaves a few KiB of margin. Anything cut
 * beyond it comes from lazy-loading, never from swapping React out.
 */
export const HOME_JS_BUDGET_BROTLI_BYTES = 160 * 1024;

/** Is it dark in time mode at this hour? */
export function isDarkHour(hour: number): boolean {
  return hour >= TIME_THEME_DARK_FROM_HOUR || hour < TIME_THEME_DARK_UNTIL_HOUR;
}

/**
 * Notices and licences of the third-party code the web app serves, written by the web build
 * and linked from the footer (ADR 0011: the AGPL's offer of source for background removal).
 */
export const THIRD_PARTY_LICENSES_PATH = '/third-party-licenses.txt';

// Where /login sends someone once they have signed in or up: the page they asked for, kept in
// the address (`/login?next=/tools/x`), so a reload or the e-mail's link does not lose it.

/** The query parameter of /login (and of the auth callback) naming the page to go to afterwards. */
export const NEXT_PARAM = 'next';
/** `/login?mode=signup` opens the create-account form instead of sign-in. */
export const MODE_PARAM = 'mode';
export const SIGN_UP_MODE = 'signup';

/** Where everyone goes when nothing was asked for. */
export const DEFAULT_TARGET = '/';

const PARSER_ORIGIN = 'https://atelier.invalid';
// Any control character (tab, newline, DEL…): browsers drop some of them, which turns `/\t/x` into `//x`.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
// `%2f` or `%5c` in the path: a server or proxy that decodes them makes `/%2fevil.com` a second slash.
const ENCODED_SEPARATOR = /%(2f|5c)/i;
/** Pages that are the sign-in itself: going "back" to them would loop. */
const SIGN_IN_PAGES = ['/login', '/auth/callback'];

/**
 * A redirect target only if it is a path of this site: it starts with one `/` (not `//`, the
 * start of another host), has no backslash (browsers read `/\evil.com` as `//evil.com`), no
 * control character and no encoded slash in its path, and stays on this origin once resolved.
 * Anything else — an absolute URL, `javascript:`, nothing at all — and the sign-in pages
 * themselves give "/".
 */
export function safeRedirectTarget(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//')) return DEFAULT_TARGET;
  if (value.includes('\\') || CONTROL_CHARACTER.test(value)) return DEFAULT_TARGET;
  const pathEnd = value.search(/[?#]/);
  if (ENCODED_SEPARATOR.test(pathEnd === -1 ? value : value.slice(0, pathEnd))) return DEFAULT_TARGET;
  let url: URL;
  try {
    url = new URL(value, PARSER_ORIGIN);
  } catch {
    return DEFAULT_TARGET;
  }
  if (url.origin !== PARSER_ORIGIN) return DEFAULT_TARGET;
  // Routes match regardless of case: /LOGIN is the sign-in page too.
  const path = url.pathname.replace(/\/+$/, '').toLowerCase() || '/';
  if (SIGN_IN_PAGES.includes(path)) return DEFAULT_TARGET;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The target /login's address asks for ("/" when none, or an unsafe one). */
export function redirectTargetOf(search: URLSearchParams): string {
  return safeRedirectTarget(search.get(NEXT_PARAM));
}

/**
 * /login, asking to come back to `next` afterwards (left out when it is "/", the default) and,
 * with `signUp`, opening the create-account form: a visitor who picked a tool is most likely new.
 */
export function loginHref({ next, signUp = false }: { next?: string; signUp?: boolean } = {}): string {
  const query = new URLSearchParams();
  if (signUp) query.set(MODE_PARAM, SIGN_UP_MODE);
  const target = safeRedirectTarget(next);
  if (target !== DEFAULT_TARGET) query.set(NEXT_PARAM, target);
  const search = query.toString();
  return search ? `/login?${search}` : '/login';
}

/** The auth callback's address, carrying `next` through Apple sign-in and back. */
export function callbackHref(callbackPath: string, next: string): string {
  const target = safeRedirectTarget(next);
  return target === DEFAULT_TARGET ? callbackPath : `${callbackPath}?${NEXT_PARAM}=${encodeURIComponent(target)}`;
}

import { PROTECTED_ROUTES } from '@atelier/contracts';

/**
 * Paths no crawler should index: the API, stored files (a user's uploads and run outputs),
 * the signed-in pages (the tools need sign-in, PROTECTED_ROUTES), the admin console, the
 * one-time pages of sign-in and payment, and the test checkout and mailbox.
 */
const DISALLOWED = [
  '/api/',
  '/files/',
  ...PROTECTED_ROUTES,
  '/admin',
  '/auth/',
  '/reset-password',
  '/payment-success',
  '/billing/',
  '/dev/',
];

/** Public artworks' images are shown by their pages and link previews (og:image). */
const ALLOWED = ['/files/artworks/'];

/** /robots.txt (robotstxt.org, RFC 9309): everything public allowed, the rest listed, the sitemap named. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...ALLOWED.map((path) => `Allow: ${path}`),
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

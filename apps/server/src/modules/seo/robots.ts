import { PROTECTED_ROUTES, TOOLS, toolPaths } from '@atelier/contracts';

/**
 * Paths no crawler should index: the API, stored files (a user's uploads and run outputs),
 * the signed-in pages (PROTECTED_ROUTES, and every tool at each path it answers at: the tools
 * need sign-in), the admin console, the one-time pages of sign-in and payment, and the test
 * checkout and mailbox.
 */
const DISALLOWED = [
  '/api/',
  '/files/',
  ...new Set([
    ...PROTECTED_ROUTES,
    ...TOOLS.flatMap((tool) => toolPaths(tool)).filter((p) => !p.startsWith('/tools/')),
  ]),
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

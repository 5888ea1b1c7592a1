/** Interface constants both apps need: the public and protected pages, link previews, the legal pages' date. */
export const LEGAL_LAST_UPDATED = '2025-05-22';

/**
 * The pages anyone may open and a search engine should find (robots.txt, sitemap.xml). The
 * gallery's artworks add `/gallery/<id>` each.
 */
export const PUBLIC_PAGES = [
  '/',
  '/gallery',
  '/pricing',
  '/login',
  '/blog',
  '/help',
  '/about',
  '/contact',
  '/terms',
  '/privacy',
] as const;

/**
 * The size of a link preview's picture (og:image) that Facebook, X and LinkedIn show large
 * (1.91:1): Atelier's card (SHARE_CARD) and each artwork's share image (ARTWORK_SHARE_IMAGE).
 */
export const LINK_PREVIEW_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/**
 * The picture of a link preview (og:image) for a public page without one of its own: a file of
 * the web build's public folder (drawn by scripts/share-card.ts).
 */
export const SHARE_CARD = { path: 'share-card.jpg', ...LINK_PREVIEW_IMAGE_SIZE } as const;

/** Routes that need a signed-in user (tool routes are added from the tool catalogue). */
export const PROTECTED_ROUTES = ['/profile', '/tools', '/security', '/referral-center', '/history', '/team'] as const;

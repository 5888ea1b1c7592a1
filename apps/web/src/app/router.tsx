import { type PROTECTED_ROUTES, TOOLS, toolPaths } from '@atelier/contracts';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { yieldToMain } from '../lib/next-task.ts';
import { lazyPage, pageLoadedOnRender } from './lazy-page.ts';
import { ADMIN_PATH, RequireAdmin } from './require-admin.tsx';
import { GuestOnly, RequireSession } from './require-session.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

// Atelier's route table: public pages, pages behind sign-in, every tool under /tools/<id> and
// its short alias, and a 404 for anything else. Every page is its own chunk; the shell (layout, guards)
// is the only code every route shares.

const publicPages: RouteObject[] = [
  { path: 'pricing', ...lazyPage('pricing/pricing-page', ['pricing'], 'pricing') },
  { path: 'gallery', ...lazyPage('gallery/gallery-page', ['gallery'], 'gallery') },
  { path: 'gallery/:id', ...lazyPage('gallery/artwork-page', ['gallery'], 'artwork', { ownHead: true }) },
  { path: 'payment-success', ...lazyPage('pricing/payment-success-page', ['pricing']) },
  { path: 'terms', ...lazyPage('legal/terms-page', ['legal'], 'terms') },
  { path: 'privacy', ...lazyPage('legal/privacy-page', ['legal'], 'privacy') },
  { path: 'blog', ...lazyPage('pages/blog-page', ['pages'], 'blog') },
  { path: 'help', ...lazyPage('pages/help-page', ['pages'], 'help') },
  { path: 'about', ...lazyPage('pages/about-page', ['pages'], 'about') },
  { path: 'contact', ...lazyPage('pages/contact-page', ['pages'], 'contact') },
  { path: 'auth/callback', ...lazyPage('auth/auth-callback-page') },
  { path: 'reset-password', ...lazyPage('auth/reset-password-page') },
  // An invitation's link: a visitor is led to sign up and comes back here.
  { path: 'teams/join', ...lazyPage('teams/join-team-page', ['team']) },
];

// Keyed by the contract's list, so a protected route cannot be added there and forgotten here.
const protectedPages: Record<(typeof PROTECTED_ROUTES)[number], RouteObject> = {
  '/profile': lazyPage('profile/profile-page'),
  '/tools': lazyPage('tools/tools-index-page'),
  '/security': lazyPage('security/security-page'),
  '/referral-center': lazyPage('referrals/referral-center-page', ['referrals']),
  '/history': lazyPage('history/history-page'),
  '/team': lazyPage('teams/team-page', ['team']),
};

/** Every tool at every path it answers at (/tools/<id>, /<id> and extra aliases); one page reads the tool from the path. */
const toolRoutes: RouteObject[] = TOOLS.flatMap((tool) =>
  toolPaths(tool).map((path) => ({
    path,
    ...lazyPage('tools/tool-page', ['tool-run', 'studio-batch'], undefined, { ownHead: true }),
  })),
);

/** The admin console: its chunks and texts load only once the server has said "admin". */
const adminConsole: RouteObject = {
  ...pageLoadedOnRender('admin/admin-layout', ['admin']),
  children: [
    { index: true, ...pageLoadedOnRender('admin/admin-users-page') },
    { path: 'users/:id', ...pageLoadedOnRender('admin/admin-user-page') },
    { path: 'teams/:id', ...pageLoadedOnRender('admin/admin-team-page') },
    { path: 'runs', ...pageLoadedOnRender('admin/admin-runs-page') },
    { path: 'audit', ...pageLoadedOnRender('admin/admin-audit-page') },
    { path: '*', ...pageLoadedOnRender('errors/not-found-page', ['errors']) },
  ],
};

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <RouteError />,
    children: [
      { index: true, ...lazyPage('home/home-page', ['home'], 'home') },
      {
        Component: GuestOnly,
        children: [{ path: 'login', ...lazyPage('auth/login-page', ['auth'], 'login') }],
      },
      ...publicPages,
      {
        element: <RequireSession subject="page" />,
        children: Object.entries(protectedPages).map(([path, page]) => ({ path, ...page })),
      },
      { element: <RequireSession subject="feature" />, children: toolRoutes },
      { path: ADMIN_PATH, element: <RequireAdmin />, children: [adminConsole] },
      { path: '*', ...lazyPage('errors/not-found-page', ['errors'], 'notFound') },
    ],
  },
];

/**
 * The browser's router. Over a server-rendered page the current route's lazy parts (chunk and
 * text tables) load first, so the first render is the page the server sent, not a fallback.
 */
export async function createAppRouter() {
  const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  ).catch(() => {
    // A chunk that did not load: the router tries again and shows its error page if it fails.
  });
  // Building the router (it ranks every route) gets a task of its own, after the page's chunk
  // has run: together they were a long task on a phone.
  await yieldToMain();
  return createBrowserRouter(routes);
}

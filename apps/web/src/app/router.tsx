import { type PROTECTED_ROUTES, TOOLS, toolPaths } from '@atelier/contracts';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { lazyPage } from './lazy-page.ts';
import { RequireAdmin } from './require-admin.tsx';
import { GuestOnly, RequireSession } from './require-session.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

// The route table of platform.md §2. Every page is its own chunk; the shell (layout, guards)
// is the only code every route shares.

const publicPages: RouteObject[] = [
  { path: 'pricing', ...lazyPage(() => import('../features/pricing/pricing-page.tsx'), ['pricing']) },
  { path: 'gallery', ...lazyPage(() => import('../features/gallery/gallery-page.tsx'), ['gallery']) },
  { path: 'payment-success', ...lazyPage(() => import('../features/pricing/payment-success-page.tsx'), ['pricing']) },
  { path: 'terms', ...lazyPage(() => import('../features/legal/terms-page.tsx')) },
  { path: 'privacy', ...lazyPage(() => import('../features/legal/privacy-page.tsx')) },
  { path: 'blog', ...lazyPage(() => import('../features/pages/blog-page.tsx')) },
  { path: 'help', ...lazyPage(() => import('../features/pages/help-page.tsx')) },
  { path: 'about', ...lazyPage(() => import('../features/pages/about-page.tsx')) },
  { path: 'contact', ...lazyPage(() => import('../features/pages/contact-page.tsx')) },
  { path: 'auth/callback', ...lazyPage(() => import('../features/auth/auth-callback-page.tsx')) },
  { path: 'reset-password', ...lazyPage(() => import('../features/auth/reset-password-page.tsx')) },
];

// Keyed by the contract's list, so a protected route cannot be added there and forgotten here.
const protectedPages: Record<(typeof PROTECTED_ROUTES)[number], RouteObject> = {
  '/profile': lazyPage(() => import('../features/profile/profile-page.tsx')),
  '/tools': lazyPage(() => import('../features/tools/tools-index-page.tsx')),
  '/security': lazyPage(() => import('../features/security/security-page.tsx')),
  '/referral-center': lazyPage(() => import('../features/referrals/referral-center-page.tsx'), ['referrals']),
  '/history': lazyPage(() => import('../features/history/history-page.tsx')),
};

/** Every tool at every path it answers at (/tools/<id>, /<id> and extra aliases); one page reads the tool from the path. */
const toolRoutes: RouteObject[] = TOOLS.flatMap((tool) =>
  toolPaths(tool).map((path) => ({ path, ...lazyPage(() => import('../features/tools/tool-page.tsx')) })),
);

/** The admin console: its chunks and texts load only once the server has said "admin". */
const adminConsole: RouteObject = {
  ...lazyPage(() => import('../features/admin/admin-layout.tsx'), ['admin']),
  children: [
    { index: true, ...lazyPage(() => import('../features/admin/admin-users-page.tsx')) },
    { path: 'users/:id', ...lazyPage(() => import('../features/admin/admin-user-page.tsx')) },
    { path: 'runs', ...lazyPage(() => import('../features/admin/admin-runs-page.tsx')) },
    { path: 'audit', ...lazyPage(() => import('../features/admin/admin-audit-page.tsx')) },
    { path: '*', ...lazyPage(() => import('../features/errors/not-found-page.tsx'), ['errors']) },
  ],
};

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <RouteError />,
    children: [
      { index: true, ...lazyPage(() => import('../features/home/home-page.tsx'), ['home']) },
      {
        Component: GuestOnly,
        children: [{ path: 'login', ...lazyPage(() => import('../features/auth/login-page.tsx')) }],
      },
      ...publicPages,
      {
        element: <RequireSession subject="page" />,
        children: Object.entries(protectedPages).map(([path, page]) => ({ path, ...page })),
      },
      { element: <RequireSession subject="feature" />, children: toolRoutes },
      { path: 'admin', element: <RequireAdmin />, children: [adminConsole] },
      { path: '*', ...lazyPage(() => import('../features/errors/not-found-page.tsx'), ['errors']) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

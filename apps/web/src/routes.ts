import { type PROTECTED_ROUTES, TOOLS, toolPaths } from '@atelier/contracts';
import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

// Atelier's route table (React Router's framework mode, ADR 0063): public pages, pages behind
// sign-in, every tool under /tools/<id> and its short aliases, the admin console and a 404 for
// anything else. Each file under routes/ is a route module: the page, its loaders, its head.

const path = (absolute: string) => absolute.slice(1);

// Keyed by the contract's list, so a protected route cannot be added there and forgotten here.
const protectedPages: Record<(typeof PROTECTED_ROUTES)[number], string> = {
  '/profile': 'routes/profile.tsx',
  '/tools': 'routes/tools-index.tsx',
  '/security': 'routes/security.tsx',
  '/referral-center': 'routes/referral-center.tsx',
  '/history': 'routes/history.tsx',
  '/team': 'routes/team.tsx',
};

export default [
  index('routes/home.tsx'),
  layout('routes/guest-only.tsx', [route('login', 'routes/login.tsx')]),
  route('pricing', 'routes/pricing.tsx'),
  route('gallery', 'routes/gallery.tsx'),
  route('gallery/:id', 'routes/artwork.tsx'),
  route('payment-success', 'routes/payment-success.tsx'),
  route('terms', 'routes/terms.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('blog', 'routes/blog.tsx'),
  route('help', 'routes/help.tsx'),
  route('about', 'routes/about.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('auth/callback', 'routes/auth-callback.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  // An invitation's link: a visitor is led to sign up and comes back here.
  route('teams/join', 'routes/join-team.tsx'),
  layout(
    'routes/require-session-page.tsx',
    Object.entries(protectedPages).map(([page, file]) => route(path(page), file)),
  ),
  // Every tool at every path it answers at; one page reads the tool from the path.
  layout(
    'routes/require-session-feature.tsx',
    TOOLS.flatMap((tool) =>
      toolPaths(tool).map((page) => route(path(page), 'routes/tool.tsx', { id: `tool:${page}` })),
    ),
  ),
  // The console for admins; anyone else gets the 404 page, and none of the console's code.
  route('admin/*', 'routes/admin.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;

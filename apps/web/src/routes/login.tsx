import { pageLoader } from '../app/page-loader.server.ts';
import type { PageRoute } from '../app/page-route.ts';
import { pageClientLoader, pageHandle, routePage } from '../app/route-page.tsx';
import { authProvidersQuery } from '../features/auth/apple-sign-in-button.tsx';
import LoginPage from '../features/auth/login-page.tsx';

const page: PageRoute = {
  namespaces: ['auth'],
  seo: 'login',
  prefetch: (client) => client.prefetchQuery(authProvidersQuery),
};

export const handle = pageHandle(page);
export const loader = pageLoader(page);
export const clientLoader = pageClientLoader(page);
export default routePage(LoginPage, page);

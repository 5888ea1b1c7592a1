import { pageLoader } from '../app/page-loader.server.ts';
import type { PageRoute } from '../app/page-route.ts';
import { pageClientLoader, pageHandle, routePage } from '../app/route-page.tsx';
import TermsPage from '../features/legal/terms-page.tsx';

const page: PageRoute = { namespaces: ['legal'], seo: 'terms' };

export const handle = pageHandle(page);
export const loader = pageLoader(page);
export const clientLoader = pageClientLoader(page);
export default routePage(TermsPage, page);

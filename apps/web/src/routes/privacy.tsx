import { pageLoader } from '../app/page-loader.server.ts';
import type { PageRoute } from '../app/page-route.ts';
import { pageClientLoader, pageHandle, routePage } from '../app/route-page.tsx';
import PrivacyPage from '../features/legal/privacy-page.tsx';

const page: PageRoute = { namespaces: ['legal'], seo: 'privacy' };

export const handle = pageHandle(page);
export const loader = pageLoader(page);
export const clientLoader = pageClientLoader(page);
export default routePage(PrivacyPage, page);

import { pageLoader } from '../app/page-loader.server.ts';
import type { PageRoute } from '../app/page-route.ts';
import { pageClientLoader, pageHandle, routePage } from '../app/route-page.tsx';
import HelpPage from '../features/pages/help-page.tsx';

const page: PageRoute = { namespaces: ['pages'], seo: 'help' };

export const handle = pageHandle(page);
export const loader = pageLoader(page);
export const clientLoader = pageClientLoader(page);
export default routePage(HelpPage, page);

import { pageLoader } from '../app/page-loader.server.ts';
import type { PageRoute } from '../app/page-route.ts';
import { pageClientLoader, pageHandle, routePage } from '../app/route-page.tsx';
import ContactPage from '../features/pages/contact-page.tsx';

const page: PageRoute = { namespaces: ['pages'], seo: 'contact' };

export const handle = pageHandle(page);
export const loader = pageLoader(page);
export const clientLoader = pageClientLoader(page);
export default routePage(ContactPage, page);

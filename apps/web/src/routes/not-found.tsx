import { pageLoader } from '../app/page-loader.server.ts';
import { PAGE_NOT_FOUND, type PageRoute } from '../app/page-route.ts';
import { pageClientLoader, pageHandle, routePage } from '../app/route-page.tsx';
import NotFoundPage from '../features/errors/not-found-page.tsx';

const page: PageRoute = { namespaces: ['errors'], seo: 'notFound', prefetch: async () => PAGE_NOT_FOUND };

export const handle = pageHandle(page);
export const loader = pageLoader(page);
export const clientLoader = pageClientLoader(page);
export default routePage(NotFoundPage, page);

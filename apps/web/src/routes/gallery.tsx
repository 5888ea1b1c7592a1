import { pageLoader } from '../app/page-loader.server.ts';
import type { PageRoute } from '../app/page-route.ts';
import { pageClientLoader, pageHandle, routePage } from '../app/route-page.tsx';
import { sessionQuery } from '../features/auth/use-session.ts';
import GalleryPage from '../features/gallery/gallery-page.tsx';
import { artworkFeedQuery } from '../features/gallery/use-artworks.ts';

const page: PageRoute = {
  namespaces: ['gallery'],
  seo: 'gallery',
  prefetch: async (client) => {
    const user = await client.fetchQuery(sessionQuery);
    await client.prefetchInfiniteQuery(artworkFeedQuery('public', user?.id ?? null));
  },
};

export const handle = pageHandle(page);
export const loader = pageLoader(page);
export const clientLoader = pageClientLoader(page);
export default routePage(GalleryPage, page);

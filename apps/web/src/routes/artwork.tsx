import { pageLoader } from '../app/page-loader.server.ts';
import { PAGE_NOT_FOUND, type PageRoute } from '../app/page-route.ts';
import { pageClientLoader, pageHandle, routePage } from '../app/route-page.tsx';
import ArtworkPage from '../features/gallery/artwork-page.tsx';
import { publicArtworkQuery } from '../features/gallery/use-artworks.ts';

const page: PageRoute = {
  namespaces: ['gallery'],
  ownHead: true,
  prefetch: async (client, { params }) => {
    // A private, deleted or unknown artwork is the 404 page, with its status.
    const artwork = await client.fetchQuery(publicArtworkQuery(params.id ?? ''));
    return artwork ? undefined : PAGE_NOT_FOUND;
  },
};

export const handle = pageHandle(page);
export const loader = pageLoader(page);
export const clientLoader = pageClientLoader(page);
export default routePage(ArtworkPage, page);

import { pageLoader } from '../app/page-loader.server.ts';
import type { PageRoute } from '../app/page-route.ts';
import { pageClientLoader, pageHandle, routePage } from '../app/route-page.tsx';
import ToolPage from '../features/tools/tool-page.tsx';

const page: PageRoute = { namespaces: ['tool-run', 'studio-batch'], ownHead: true };

export const handle = pageHandle(page);
export const loader = pageLoader(page);
export const clientLoader = pageClientLoader(page);
export default routePage(ToolPage, page);

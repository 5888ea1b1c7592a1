import type { PageRoute } from '../app/page-route.ts';
import { clientPageLoader, PageFallback, pageHandle, routePage } from '../app/route-page.tsx';
import JoinTeamPage from '../features/teams/join-team-page.tsx';

const page: PageRoute = { namespaces: ['team'] };

export const handle = pageHandle(page);
export const clientLoader = clientPageLoader(page);
export const HydrateFallback = PageFallback;
export default routePage(JoinTeamPage, page);

import type { PageRoute } from '../app/page-route.ts';
import { clientPageLoader, PageFallback, pageHandle, routePage } from '../app/route-page.tsx';
import ProfilePage from '../features/profile/profile-page.tsx';

const page: PageRoute = {};

export const handle = pageHandle(page);
export const clientLoader = clientPageLoader(page);
export const HydrateFallback = PageFallback;
export default routePage(ProfilePage, page);

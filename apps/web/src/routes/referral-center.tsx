import type { PageRoute } from '../app/page-route.ts';
import { clientPageLoader, PageFallback, pageHandle, routePage } from '../app/route-page.tsx';
import ReferralCenterPage from '../features/referrals/referral-center-page.tsx';

const page: PageRoute = { namespaces: ['referrals'] };

export const handle = pageHandle(page);
export const clientLoader = clientPageLoader(page);
export const HydrateFallback = PageFallback;
export default routePage(ReferralCenterPage, page);

import type { PageRoute } from '../app/page-route.ts';
import { clientPageLoader, PageFallback, pageHandle, routePage } from '../app/route-page.tsx';
import PaymentSuccessPage from '../features/pricing/payment-success-page.tsx';

const page: PageRoute = { namespaces: ['pricing'] };

export const handle = pageHandle(page);
export const clientLoader = clientPageLoader(page);
export const HydrateFallback = PageFallback;
export default routePage(PaymentSuccessPage, page);

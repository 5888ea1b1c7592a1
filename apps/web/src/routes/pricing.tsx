import { pageLoader } from '../app/page-loader.server.ts';
import type { PageRoute } from '../app/page-route.ts';
import { pageClientLoader, pageHandle, routePage } from '../app/route-page.tsx';
import { sessionQuery } from '../features/auth/use-session.ts';
import PricingPage from '../features/pricing/pricing-page.tsx';
import { plansQuery, subscriptionQuery } from '../lib/billing-api.ts';

const page: PageRoute = {
  namespaces: ['pricing'],
  seo: 'pricing',
  prefetch: async (client, { language }) => {
    const user = await client.fetchQuery(sessionQuery);
    await Promise.all([client.prefetchQuery(plansQuery(language)), user && client.prefetchQuery(subscriptionQuery)]);
  },
};

export const handle = pageHandle(page);
export const loader = pageLoader(page);
export const clientLoader = pageClientLoader(page);
export default routePage(PricingPage, page);

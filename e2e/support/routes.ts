import { PROTECTED_ROUTES, TOOLS, toolPaths } from '@atelier/contracts';

export interface GuardedRoute {
  path: string;
  /** The toast's text: tool routes say "feature", other pages "page". */
  message: string;
}

const PAGE_MESSAGE = 'Please log in to access this page';
const FEATURE_MESSAGE = 'Please log in to access this feature';

/** Every login-required path of the SPA, from the contracts: protected pages and every tool alias. */
export function routesToGuard(): GuardedRoute[] {
  return [
    ...PROTECTED_ROUTES.map((path) => ({ path, message: PAGE_MESSAGE })),
    ...TOOLS.flatMap((tool) => toolPaths(tool).map((path) => ({ path, message: FEATURE_MESSAGE }))),
  ];
}

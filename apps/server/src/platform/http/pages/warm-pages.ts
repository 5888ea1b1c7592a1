import type { Logger } from '../../logging/logger.ts';

/** The public pages a visitor lands on first: rendered once when the server starts listening. */
const WARM_PATHS = ['/', '/gallery', '/pricing', '/login'] as const;

type AppRequest = (path: string, init: RequestInit) => Response | Promise<Response>;

/**
 * Renders the landing pages once, in the background, right after the server starts listening.
 * The server renderer, each page's code and the interface texts are loaded on their first use;
 * without this the first visitor after a start waited for all of it (about a second for the
 * home page on two cores, against a tenth of that once loaded). A failure here is only logged:
 * the page is rendered, or sent as the shell, when a visitor asks for it.
 */
export async function warmPages(request: AppRequest, logger: Logger): Promise<void> {
  for (const path of WARM_PATHS) {
    try {
      const response = await request(path, { headers: { 'accept-language': 'en' } });
      await response.arrayBuffer();
    } catch (err) {
      logger.debug({ err, path }, 'warming a page failed');
    }
  }
}

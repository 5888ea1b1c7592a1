import type { Context } from 'hono';
import type { Logger } from '../../logging/logger.ts';
import type { AppEnv } from '../app-env.ts';
import { pageDocument } from './page-document.ts';
import { pageLanguage } from './page-language.ts';
import { routePreloads } from './route-preloads.ts';
import { loadServerRenderer } from './server-renderer.ts';

/** The app itself, to answer the renderer's API calls in-process. */
type AppFetch = (request: Request, env: unknown) => Response | Promise<Response>;

/** The visitor's headers an API call of their page is made with. */
const VISITOR_HEADERS = ['cookie', 'accept-language', 'user-agent', 'x-forwarded-for'] as const;

const HTML_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  // Per visitor (language, session, phone or not): revalidated, and kept by no shared cache.
  'Cache-Control': 'private, no-cache',
  Vary: 'Cookie, Accept-Language, Sec-CH-UA-Mobile',
};

/**
 * The pages of the SPA (ADR 0016): public pages rendered on the server in the visitor's
 * language with their data, the 404 page with status 404, and the shell (index.html with
 * <html lang>) for pages the browser renders alone. A page the renderer fails on is the
 * shell: the browser can still render it.
 */
export function serverRenderedPages(options: {
  distDir: string;
  /** The built index.html, as the app read it once (its inline scripts make the page policy). */
  indexHtml: string;
  publicUrl: string;
  logger: Logger;
  app: AppFetch;
}) {
  const { distDir, indexHtml, publicUrl, logger, app } = options;
  const document = pageDocument(indexHtml);
  const preloads = routePreloads(distDir);
  // Loaded with the first page asked for: a process that serves only the API never loads it.
  let renderer: ReturnType<typeof loadServerRenderer> | undefined;
  const loadRenderer = () =>
    (renderer ??= loadServerRenderer(distDir).then((loaded) => {
      if (!loaded) logger.warn('The server renderer is not built (apps/web/dist-ssr): pages are client-rendered.');
      return loaded;
    }));

  /** The visitor's API calls, answered by the app itself; cookies the API sets are passed on. */
  function inProcessApi(c: Context<AppEnv>, setCookies: string[]) {
    return async (request: Request): Promise<Response> => {
      const url = new URL(request.url);
      const headers = new Headers(request.headers);
      for (const name of VISITOR_HEADERS) {
        const value = c.req.header(name);
        if (value) headers.set(name, value);
      }
      // Logged under the page's request id: one page, one id.
      headers.set('x-request-id', c.var.requestId);
      const inner = new Request(new URL(url.pathname + url.search, c.req.url), {
        method: request.method,
        headers,
        body: request.body,
        duplex: 'half',
      } as RequestInit);
      const response = await app(inner, c.env);
      setCookies.push(...response.headers.getSetCookie());
      return response;
    };
  }

  return async (c: Context<AppEnv>): Promise<Response> => {
    const language = pageLanguage(c);
    const setCookies: string[] = [];
    try {
      const render = await loadRenderer();
      const result = await render?.render({
        url: c.req.url,
        language,
        publicUrl,
        // A hint Chromium browsers send with every request; others send none (not a phone, then).
        mobile: c.req.header('sec-ch-ua-mobile') === '?1',
        api: inProcessApi(c, setCookies),
      });
      if (result?.kind === 'redirect') return c.redirect(result.location, 302);
      if (result) {
        const extra = { state: result.state, preloads: preloads(result.modules) };
        const response =
          result.kind === 'page'
            ? c.body(document.page(language, { ...result, ...extra }), result.status, HTML_HEADERS)
            : c.body(document.shell(language, extra), 200, HTML_HEADERS);
        for (const cookie of setCookies) response.headers.append('Set-Cookie', cookie);
        return response;
      }
    } catch (err) {
      c.var.log.error({ err, path: c.req.path }, 'server rendering failed; sending the shell');
    }
    return c.body(document.shell(language), 200, HTML_HEADERS);
  };
}

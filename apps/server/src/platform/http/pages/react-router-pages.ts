import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { AppEnv } from '../app-env.ts';
import { pagePolicy } from '../security-headers.ts';
import { pageLanguage } from './page-language.ts';

/** The app itself, to answer a page's API calls in-process. */
type AppFetch = (request: Request, env: unknown) => Response | Promise<Response>;

/** The visitor's headers an API call of their page is made with. */
const VISITOR_HEADERS = ['cookie', 'accept-language', 'user-agent', 'x-forwarded-for'] as const;

/**
 * The web app's loaders' context (apps/web/src/app/page-context.ts), as this side builds it.
 * Declared here rather than imported: the server and the web app are separate projects.
 */
interface PageContext {
  [key: string]: unknown;
  language: string;
  publicUrl: string;
  mobile: boolean;
  nonce: string;
  api: (request: Request) => Promise<Response>;
}

/**
 * The web app's pages (React Router's framework mode, ADR 0063): its server build
 * (apps/web/dist/server/index.js) answers every page request through React Router's request
 * handler — loaders run as the visitor against this app in-process, the page streams in the
 * visitor's language, and every script carries the nonce this response's policy allows.
 */
export function reactRouterPages(options: { serverBuild: string; publicUrl: string; app: AppFetch }) {
  const { serverBuild, publicUrl, app } = options;
  // Loaded with the first page asked for: a process that serves only the API never loads it.
  let handler: Promise<ReturnType<typeof createRequestHandler>> | undefined;
  const loadHandler = () =>
    (handler ??= import(pathToFileURL(serverBuild).href).then((build: ServerBuild) =>
      createRequestHandler(build, 'production'),
    ));

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
    const setCookies: string[] = [];
    const nonce = randomBytes(16).toString('base64');
    const context: PageContext = {
      language: pageLanguage(c),
      publicUrl,
      // A hint Chromium browsers send with every request; others send none (not a phone, then).
      mobile: c.req.header('sec-ch-ua-mobile') === '?1',
      nonce,
      api: inProcessApi(c, setCookies),
    };
    const response = await (await loadHandler())(c.req.raw, context);
    const headers = response.headers;
    headers.set('Content-Security-Policy', pagePolicy(nonce));
    // Per visitor (language, session, phone or not): revalidated, and kept by no shared cache.
    if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'private, no-cache');
    headers.set('Vary', 'Cookie, Accept-Language, Sec-CH-UA-Mobile');
    for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
    return response;
  };
}

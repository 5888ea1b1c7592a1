import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { clientBuildText } from './app/client-build.server.ts';
import { NonceContext } from './app/nonce.ts';
import { StylesheetTextContext, stylesheetUrl } from './app/stylesheet.tsx';
import { createServerI18n } from './lib/i18n-server.ts';

/** The stylesheet, inline in every page's head: the first paint waits for no request. */
const stylesheetText = clientBuildText(stylesheetUrl) ?? '';

/** How long a page may stream before what is still pending is given up (rendered by the browser). */
export const streamTimeout = 10_000;

/**
 * Renders a page as a stream (React Router's request handler calls this). People get the
 * shell as soon as it is ready and the rest as it resolves; crawlers get the whole page at
 * once. Every script carries this response's CSP nonce; the texts are the visitor's language.
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  context: AppLoadContext,
) {
  const { nonce, language } = context;
  const i18n = createServerI18n(language);
  const whole = isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <StylesheetTextContext.Provider value={stylesheetText}>
          <I18nextProvider i18n={i18n}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </I18nextProvider>
        </StylesheetTextContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // A boundary that is ready goes out in place, however large: React otherwise sends a
        // large one apart, moved in by a script, and the page moves as it does (a layout shift).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [whole ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = new PassThrough();
          headers.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          // Errors before the shell is out reject above; later ones are only logged here.
          if (shellRendered) console.error(error);
        },
      },
    );
    // What has not streamed by then is given up. The timer holds no process open: a server
    // stopping does not wait for it.
    setTimeout(abort, streamTimeout + 1000).unref();
  });
}

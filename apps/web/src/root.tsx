import './lib/zod-config.ts';
import { HydrationBoundary, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isRouteErrorResponse,
  Links,
  type LoaderFunctionArgs,
  Meta,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
} from 'react-router';
import { useNonce } from './app/nonce.ts';
import { preloadTextTables } from './app/preload-text-tables.ts';
import { browserQueryClient, newServerQueryClient } from './app/query-client.ts';
import { RenderHintsContext } from './app/render-hints.ts';
import { type RootData, useRootData } from './app/root-data.ts';
import { RootLayout } from './app/root-layout.tsx';
import { RouteError } from './app/route-error.tsx';
import { prefetchOnServer } from './app/server-queries.server.ts';
import { isShellQuery } from './app/shell-queries.ts';
import { Stylesheet } from './app/stylesheet.tsx';
import { textTableUrls } from './app/text-tables.server.ts';
import themeInit from './app/theme-init.js?raw';
import { sessionQuery } from './features/auth/use-session.ts';
import { NotFoundPage } from './features/errors/index.ts';
import { meQuery } from './features/profile/profile-api.ts';
import { toolCatalogueQuery } from './features/tools/api/use-tool-catalogue.ts';
import { SHELL_NAMESPACES } from './lib/i18n.ts';

export async function loader({ context }: LoaderFunctionArgs): Promise<RootData> {
  const { queries } = await prefetchOnServer(
    context,
    async (client) => {
      const [user] = await Promise.all([client.fetchQuery(sessionQuery), client.prefetchQuery(toolCatalogueQuery)]);
      if (user) await client.prefetchQuery(meQuery);
    },
    isShellQuery,
  );
  return {
    language: context.language,
    publicUrl: context.publicUrl,
    hints: { mobile: context.mobile },
    queries,
    textTables: textTableUrls(context.language, SHELL_NAMESPACES),
  };
}

// The layout's answers are the browser's to keep fresh from here on (TanStack Query).
export const shouldRevalidate = () => false;

/** An element right after the app's HTML: the first paint waits for it. */
const ROOT_PARSED_ID = 'root-parsed';

/** The document around every page, error pages included. */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const { i18n } = useTranslation();
  return (
    // data-server-language: the server chose the language (theme-init.js keeps it). The theme's
    // class and color-scheme are the browser's, set before first paint.
    <html lang={i18n.language} data-server-language="" suppressHydrationWarning>
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        {/* The first paint waits until the page's HTML is parsed to its end (#root-parsed): a
            document parsed in pieces would otherwise paint a header or a card half-built, then
            move it when the rest arrives. Browsers without it paint as before. */}
        <link rel="expect" href={`#${ROOT_PARSED_ID}`} blocking="render" />
        {/* Blocking on purpose: the theme before the first paint. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own script, no outside text */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeInit }} />
        <Stylesheet />
        <Meta />
        <Links />
      </head>
      <body>
        <div id="root">{children}</div>
        <span id={ROOT_PARSED_ID} hidden />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The query client, the hints and the layout's answers, around a page or an error page. */
function Providers({ data, children }: { data: RootData | undefined; children: ReactNode }) {
  const [client] = useState(() => (typeof document === 'undefined' ? newServerQueryClient() : browserQueryClient));
  preloadTextTables(data?.textTables);
  return (
    <QueryClientProvider client={client}>
      <HydrationBoundary state={data?.queries}>
        <RenderHintsContext.Provider value={data?.hints ?? { mobile: false }}>{children}</RenderHintsContext.Provider>
      </HydrationBoundary>
    </QueryClientProvider>
  );
}

export default function App() {
  return (
    <Providers data={useLoaderData<RootData>()}>
      <RootLayout />
    </Providers>
  );
}

/** A 404 a loader answered (an admin path for a non-admin) is the 404 page; anything else the error page. */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRootData();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Providers data={data}>
        <RootLayout>
          <NotFoundPage />
        </RootLayout>
      </Providers>
    );
  }
  return (
    <Providers data={data}>
      <RouteError />
    </Providers>
  );
}

import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Language } from '@atelier/contracts';

/**
 * The web app's server renderer (apps/web/src/entry-server.tsx, built by `vite build --ssr`
 * into apps/web/dist-ssr), as the server calls it. Declared here rather than imported: the
 * server and the web app are separate TypeScript projects and builds.
 */
export interface ServerRenderer {
  render(request: {
    url: string;
    language: Language;
    publicUrl: string;
    /** The browser said it is a phone (`Sec-CH-UA-Mobile: ?1`). */
    mobile: boolean;
    api: (request: Request) => Promise<Response>;
  }): Promise<
    | { kind: 'shell'; modules: string[]; state: string }
    | { kind: 'redirect'; location: string }
    | { kind: 'page'; status: 200 | 404; html: string; head: string; state: string; modules: string[] }
  >;
}

/** Where the renderer is built: beside the SPA's dist/. */
export function serverRendererFile(webDistDir: string): string {
  return path.join(path.dirname(path.resolve(webDistDir)), 'dist-ssr', 'entry-server.js');
}

/** Loads the renderer, or undefined when it is not built (then every page is the shell). */
export async function loadServerRenderer(webDistDir: string): Promise<ServerRenderer | undefined> {
  const file = serverRendererFile(webDistDir);
  if (!fs.existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as ServerRenderer;
}

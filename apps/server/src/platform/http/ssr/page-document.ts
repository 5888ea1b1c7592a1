import type { Language } from '@atelier/contracts';

/** What the server renderer made of a page (the web app's entry-server.tsx). */
export interface RenderedPage {
  html: string;
  head: string;
  state: string;
  preloads: string;
}

const ROOT = '<div id="root"></div>';

/**
 * A page's own modules go last in the head: after the entry script and what it imports, which
 * every page runs first, so they do not take the phone's bandwidth before it.
 */
const withPreloads = (html: string, preloads: string) =>
  preloads ? html.replace('</head>', () => `  ${preloads}\n  </head>`) : html;

/**
 * The built index.html as a template: the shell with <html lang> set, or a server-rendered
 * page with its head (title and description replace the shell's), its preloads, its markup
 * inside #root and its hydration data after it.
 */
export function pageDocument(indexHtml: string) {
  if (!indexHtml.includes(ROOT)) throw new Error(`index.html has no ${ROOT}`);
  // data-server-language: the page's language is the server's choice (theme-init.js keeps it).
  const withLang = (language: Language) =>
    indexHtml.replace(/<html[^>]*>/, `<html lang="${language}" data-server-language>`);

  return {
    /**
     * The shell, for a page the browser renders; `preloads` fetch its code as the HTML parses,
     * `state` is the data it starts with.
     */
    shell(language: Language, extra?: { preloads: string; state: string }): string {
      if (!extra) return withLang(language);
      return withPreloads(withLang(language), extra.preloads).replace(ROOT, () => `${ROOT}${extra.state}`);
    },
    page(language: Language, page: RenderedPage): string {
      return withPreloads(withLang(language), page.preloads)
        .replace(/\s*<meta name="description"[^>]*>/, '')
        .replace(/<title>[^<]*<\/title>/, () => page.head)
        .replace(ROOT, () => `<div id="root">${page.html}</div>${page.state}`);
    },
  };
}

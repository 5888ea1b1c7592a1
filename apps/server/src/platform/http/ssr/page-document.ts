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

/** The id of the template a server-rendered page's app scripts wait in; public/start-app-after-paint.js starts them. */
const SCRIPTS_TEMPLATE_ID = 'app-scripts';
const APP_SCRIPT = /\s*(?:<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)/g;

/**
 * A server-rendered page's module script and module preloads, moved into an inert template at
 * the end of the head: the page is readable without them, and on a phone's connection its
 * first paint would otherwise wait while they take the bandwidth. The head's inline
 * start-app-after-paint.js adds them once the page has painted. Stylesheets stay where they are.
 */
function scriptsAfterPaint(html: string): string {
  const tags = (html.match(APP_SCRIPT) ?? []).map((tag) => tag.trim());
  if (tags.length === 0) return html;
  return html
    .replace(APP_SCRIPT, '')
    .replace('</head>', () => `  <template id="${SCRIPTS_TEMPLATE_ID}">${tags.join('')}</template>\n  </head>`);
}

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
  // Only a build whose head has the script that starts the template (the only text naming its
  // id) gets one: otherwise the app would never start.
  const startsAfterPaint = indexHtml.includes(SCRIPTS_TEMPLATE_ID);
  const pageScripts = (html: string) => (startsAfterPaint ? scriptsAfterPaint(html) : html);

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
      return pageScripts(withPreloads(withLang(language), page.preloads))
        .replace(/\s*<meta name="description"[^>]*>/, '')
        .replace(/<title>[^<]*<\/title>/, () => page.head)
        .replace(ROOT, () => `<div id="root">${page.html}</div>${page.state}`);
    },
  };
}

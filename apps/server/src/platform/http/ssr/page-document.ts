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
    shell: withLang,
    page(language: Language, page: RenderedPage): string {
      return withLang(language)
        .replace(/\s*<meta name="description"[^>]*>/, '')
        .replace(/<title>[^<]*<\/title>/, () => `${page.head}\n    ${page.preloads}`)
        .replace(ROOT, () => `<div id="root">${page.html}</div>${page.state}`);
    },
  };
}

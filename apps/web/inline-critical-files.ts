/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The classic script that sets the theme class and language before the first paint. */
const THEME_SCRIPT = '/theme-init.js';

/**
 * Puts what the first paint waits for into the built index.html itself: the stylesheet as a
 * <style> element and public/theme-init.js as an inline <script>. Each was a request of its own
 * that the browser had to finish before painting anything — on a phone's connection a round
 * trip or two after the HTML, for every page (Lighthouse: "render-blocking resources"). The
 * server allows exactly that inline script by its hash in the Content-Security-Policy
 * (apps/server/src/platform/http/security-headers.ts); no other inline script runs.
 *
 * The stylesheet file stays in the build (nothing links it); /theme-init.js stays in public/
 * (its unit test runs it).
 */
export function inlineCriticalFiles(): Plugin {
  let publicDir = '';
  return {
    name: 'atelier:inline-critical-files',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const styled = html.replace(
          /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
          (_link: string, file: string) => {
            const asset = bundle[file];
            if (asset?.type !== 'asset') throw new Error(`index.html links ${file}, which the build lacks`);
            const css = String(asset.source);
            if (/<\/style/i.test(css)) throw new Error(`${file} contains "</style", which would end the element`);
            return `<style>${css}</style>`;
          },
        );
        const tag = `<script src="${THEME_SCRIPT}"></script>`;
        if (!styled.includes(tag)) throw new Error(`index.html has no ${tag}`);
        const script = fs.readFileSync(path.join(publicDir, THEME_SCRIPT), 'utf8').trim();
        if (/<\/script/i.test(script)) throw new Error(`${THEME_SCRIPT} contains "</script"`);
        return styled.replace(tag, () => `<script>${script}</script>`);
      },
    },
  };
}

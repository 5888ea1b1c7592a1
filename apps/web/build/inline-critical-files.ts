/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { minifySync, type Plugin } from 'vite';

/**
 * The classic scripts the first paint waits for: the theme class and language, the holding of
 * presses made before the app has started (public/hold-early-presses.js), and the start of a
 * server-rendered page's scripts once it has painted (public/start-app-after-paint.js).
 */
const HEAD_SCRIPTS = ['/theme-init.js', '/hold-early-presses.js', '/start-app-after-paint.js'];

/**
 * Puts what the first paint waits for into the built index.html itself: the stylesheet as a
 * <style> element and the HEAD_SCRIPTS as inline <script>s. Each was a request of its own
 * that the browser had to finish before painting anything — on a phone's connection a round
 * trip or two after the HTML, for every page (Lighthouse: "render-blocking resources"). The
 * server allows exactly those inline scripts by their hashes in the Content-Security-Policy
 * (apps/server/src/platform/http/security-headers.ts); no other inline script runs.
 *
 * The stylesheet file stays in the build (nothing links it); the scripts stay in public/ (their
 * unit tests run them).
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
        return HEAD_SCRIPTS.reduce((page, file) => {
          const tag = `<script src="${file}"></script>`;
          if (!page.includes(tag)) throw new Error(`index.html has no ${tag}`);
          // Minified: every page carries it, and its comments are for us (3.5 KB -> 1.2 KB).
          const minified = minifySync(file, fs.readFileSync(path.join(publicDir, file), 'utf8'));
          if (minified.errors.length > 0) throw new Error(`${file}: ${minified.errors[0]!.message}`);
          const script = minified.code.trim();
          if (/<\/script/i.test(script)) throw new Error(`${file} contains "</script"`);
          return page.replace(tag, () => `<script>${script}</script>`);
        }, styled);
      },
    },
  };
}

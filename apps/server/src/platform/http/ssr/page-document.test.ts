import { describe, expect, it } from 'vitest';
import { pageDocument } from './page-document.ts';

const head = (startScript: string) =>
  `<!doctype html>\n<html lang="en">\n  <head>\n    <meta name="description" content="shell" />\n    <title>Atelier</title>\n    ${startScript}\n    <script type="module" crossorigin src="/assets/index.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/react.js">\n    <style>body{}</style>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n`;
// The built head's inline start-app-after-paint.js names the template it starts.
const BUILT = head('<script>(()=>{const e=document.getElementById(`app-scripts`)})()</script>');
const page = {
  html: '<main>Pricing</main>',
  head: '<title>Pricing — Atelier</title>',
  state: '<script type="application/json" id="atelier-state">{}</script>',
  preloads:
    '<link rel="modulepreload" crossorigin href="/assets/pricing-page.js">\n    <link rel="stylesheet" crossorigin href="/assets/pricing.css">',
};

describe('pageDocument', () => {
  it("keeps a server-rendered page's module script and preloads in the template the head starts after the first paint", () => {
    const html = pageDocument(BUILT).page('ja', page);
    const template = /<template id="app-scripts">([\s\S]*?)<\/template>/.exec(html)?.[1];
    expect(template).toBe(
      '<script type="module" crossorigin src="/assets/index.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/react.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/pricing-page.js">',
    );
    const outside = html.replace(/<template[\s\S]*<\/template>/, '');
    expect(outside).not.toMatch(/type="module"|modulepreload/);
    // What the first paint needs stays live: the page's stylesheet, its markup and data.
    expect(outside).toContain('<link rel="stylesheet" crossorigin href="/assets/pricing.css">');
    expect(outside).toContain('<div id="root"><main>Pricing</main></div><script type="application/json"');
    expect(html.indexOf('<template id="app-scripts">')).toBeLessThan(html.indexOf('</head>'));
  });

  it('loads the scripts of the shell at once: it shows nothing without them', () => {
    const html = pageDocument(BUILT).shell('en', { preloads: page.preloads, state: page.state });
    expect(html).not.toContain('<template');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/pricing-page.js">');
  });

  it('leaves the scripts live in a build whose head has nothing to start them', () => {
    const html = pageDocument(head('')).page('en', page);
    expect(html).not.toContain('<template');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index.js"></script>');
  });
});

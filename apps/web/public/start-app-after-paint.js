// Runs before first paint, inlined by the build like theme-init.js (the CSP allows it by its
// hash). A server-rendered page is readable before any of the app's code runs, so the server
// puts that page's module script and module preloads inside <template id="app-scripts">
// (apps/server/src/platform/http/ssr/page-document.ts), where the browser does not fetch them.
// This adds them to the head once the page has painted its content: on a phone's connection
// the first paint then waits for the HTML alone, not for the app's scripts competing with it
// for the bandwidth. Presses made in the meantime are held (hold-early-presses.js) and made
// again once the app has hydrated the page. The shell (a page the browser renders) has no
// template: its scripts load at once, as there is nothing to paint without them.
(() => {
  const TEMPLATE_ID = 'app-scripts';
  let started = false;

  function start() {
    if (started) return;
    // A module script added by a script runs as soon as it has loaded, not after parsing as one
    // the parser met would: added while the page is still arriving (the first paint comes early
    // on a long page), it would read a half-parsed document — the hydration data cut short, a
    // root not yet complete. So it is added once the whole document is parsed.
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', start, { once: true });
      return;
    }
    const template = document.getElementById(TEMPLATE_ID);
    if (!template) return;
    started = true;
    // New elements, not clones: a script the parser put into a template does not run when it
    // is cloned into the document in every browser.
    for (const inert of template.content.children) {
      const live = document.createElement(inert.localName);
      for (const attribute of inert.attributes) live.setAttribute(attribute.name, attribute.value);
      document.head.append(live);
    }
    template.remove();
  }

  const paintTimingSupported = () =>
    typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint');

  // A page opened in the background does not paint until it is shown; its scripts load now.
  if (document.visibilityState !== 'visible' || !paintTimingSupported()) {
    document.addEventListener('DOMContentLoaded', start, { once: true });
    return;
  }
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  document.addEventListener('visibilitychange', start, { once: true });
  // Whatever keeps the paint from being reported, the app starts a moment after the HTML is in.
  document.addEventListener('DOMContentLoaded', () => setTimeout(start, 2000), { once: true });
})();

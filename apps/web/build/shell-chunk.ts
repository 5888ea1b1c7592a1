import type { Plugin } from 'vite';

/** The modules every page load runs from: React Router's browser entry and the root route. */
const SHELL_ENTRY = /[\\/]src[\\/](entry\.client\.tsx|root\.tsx\?__react-router-build-client-route)$/;

/**
 * One chunk for the code every page needs before it hydrates: what the browser entry and the
 * root route import, statically, all the way down (React, React Router, TanStack Query, i18next,
 * the top bar, the footer, their icons and helpers).
 *
 * Left to the bundler, that code is cut into some thirty chunks at the seams between routes
 * (an icon the header and two pages share becomes a chunk of its own). Each is a request of its
 * own: on a phone's connection (150 ms a round trip, six at a time) the requests, not the bytes,
 * set when the page can hydrate. Nothing moves into this chunk that a page could do without:
 * every page renders the root route.
 *
 * The plugin reads the module graph once it is complete (buildEnd); the group's `test` is asked
 * when chunks are made, after that.
 */
export function shellChunk(): { plugin: Plugin; group: { name: string; test: (id: string) => boolean } } {
  const shell = new Set<string>();
  const plugin: Plugin = {
    name: 'atelier-shell-chunk',
    apply: 'build',
    buildEnd() {
      shell.clear();
      const visit = (id: string) => {
        if (shell.has(id)) return;
        shell.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
      };
      const entries = [...this.getModuleIds()].filter((id) => SHELL_ENTRY.test(id));
      for (const entry of entries) visit(entry);
      // The entries keep chunks of their own (React Router loads them by name); their imports move.
      for (const entry of entries) shell.delete(entry);
    },
  };
  return { plugin, group: { name: 'shell', test: (id) => shell.has(id) } };
}

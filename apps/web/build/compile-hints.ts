import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** V8's explicit compile hint (Chrome 136+): compile every function of the file on load. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** A route module (src/routes/, and the root's): its chunk is what a route loads. */
const PAGE_MODULE = /[\\/]src[\\/](routes[\\/][^\\/]+|root)\.tsx(\?|$)/;

/** The chunks a page load runs: the entry's and every page's, each with its static imports. */
export function chunksRunOnLoad(bundle: OutputBundle): Set<OutputChunk> {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const found = new Set<OutputChunk>();
  const add = (chunk: OutputChunk | undefined) => {
    if (!chunk || found.has(chunk)) return;
    found.add(chunk);
    for (const file of chunk.imports) add(byFile.get(file));
  };
  for (const chunk of chunks) {
    if (chunk.isEntry || (chunk.facadeModuleId && PAGE_MODULE.test(chunk.facadeModuleId))) add(chunk);
  }
  return found;
}

/**
 * Marks the chunks a page load runs with V8's compile hint, so Chrome compiles their functions
 * while the file streams in, on a background thread, instead of each on the main thread at its
 * first call. That first-call compiling was much of hydration's time on a phone.
 * Lazily loaded parts (menus, dialogs, the toaster, the engines) are left alone: most of their
 * code may never run. Other browsers read a comment.
 */
export function compileHints(): Plugin {
  return {
    name: 'atelier-compile-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of chunksRunOnLoad(bundle)) chunk.code = COMPILE_HINT + chunk.code;
    },
  };
}

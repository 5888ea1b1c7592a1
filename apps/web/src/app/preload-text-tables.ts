import { preloadModule } from 'react-dom';

/**
 * Preloads the text tables a loader named (text-tables.server.ts): React writes them into the
 * head as module preloads, so they arrive with the page's code rather than after it.
 */
export function preloadTextTables(urls: readonly string[] | undefined): void {
  for (const url of urls ?? []) preloadModule(url, { as: 'script' });
}

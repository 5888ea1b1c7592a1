import type { Language } from '@atelier/contracts';
import { clientBuildText } from './client-build.server.ts';

let files: Record<string, { file: string }> | undefined;

/**
 * The URLs of the browser's chunks of these text tables in this language, for the page to
 * preload: entry.client.tsx loads them before hydrating, and fetched only then they were a
 * round trip more on a phone. None without a build (development).
 */
export function textTableUrls(language: Language, namespaces: readonly string[]): string[] {
  files ??= JSON.parse(clientBuildText('/.vite/manifest.json') ?? '{}') as Record<string, { file: string }>;
  return namespaces.flatMap((namespace) => {
    const chunk = files![`src/locales/${language}/${namespace}.json`];
    return chunk ? [`/${chunk.file}`] : [];
  });
}

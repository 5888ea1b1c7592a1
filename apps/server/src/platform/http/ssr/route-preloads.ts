import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The preload links of a page's own modules, from Vite's manifest (build.manifest): each
 * module's chunk and what it imports statically, except what index.html loads already. The
 * browser then fetches the page's code while it parses the HTML instead of after the app has
 * started and the router has asked for it.
 */
export function routePreloads(distDir: string) {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = 'index.html';
  const inShell = closure([entry]);

  function closure(keys: readonly string[], seen = new Set<string>()): Set<string> {
    for (const key of keys) {
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      closure(manifest[key].imports ?? [], seen);
    }
    return seen;
  }

  return (modules: readonly string[]): string => {
    const links: string[] = [];
    for (const key of closure(modules)) {
      if (inShell.has(key)) continue;
      const chunk = manifest[key]!;
      links.push(`<link rel="modulepreload" crossorigin href="/${chunk.file}">`);
      for (const css of chunk.css ?? []) links.push(`<link rel="stylesheet" crossorigin href="/${css}">`);
    }
    return links.join('\n    ');
  };
}

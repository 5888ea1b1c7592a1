import { createRequire } from 'node:module';
import path from 'node:path';
import type { Alias } from 'vite';

/**
 * The web app runs on Preact (ADR 0021): React's package names resolve to `preact/compat`,
 * in the browser build, the server renderer's build and the tests alike, so every library
 * written for React (React Router, Radix, TanStack Query, react-i18next, sonner, Testing
 * Library) renders through the same Preact. Exact names only: `react-dom/server` is not
 * aliased, the server renderer imports preact-render-to-string itself.
 */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  // react-i18next takes useSyncExternalStore from React's CommonJS shim; Preact has its own.
  { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
];

/** JSX compiled straight to Preact's runtime (Vite's own transform, in the build and the tests). */
export const preactJsx = { jsx: { runtime: 'automatic', importSource: 'preact/compat' } } as const;

/**
 * Packages in node_modules that import React: they must go through the bundler (or Vitest's
 * transform) for the aliases to reach them, never be loaded by Node as they are.
 */
const reactLibraries = [
  'react-router',
  'react-i18next',
  'radix-ui',
  '@radix-ui/react-[a-z-]+',
  '@floating-ui/react-dom',
  '@tanstack/react-query',
  '@testing-library/react',
  'sonner',
  'lucide-react',
  'react-remove-scroll',
  'react-remove-scroll-bar',
  'react-style-singleton',
  'use-callback-ref',
  'use-sidecar',
  // Preact and its renderer too: one copy of Preact for the components and the renderer.
  'preact',
  'preact-render-to-string',
];

/** Those packages by name (Vite's `ssr.noExternal`). */
export const reactLibraryNames = new RegExp(`^(${reactLibraries.join('|')})(/|$)`);

/** Those packages' files (Vitest's `server.deps.inline`). */
export const reactLibraryFiles = new RegExp(`/node_modules/(${reactLibraries.join('|')})/`);

const require = createRequire(import.meta.url);

/** A package's ES module entry, as its `exports` map names it for bundlers (`module`). */
function moduleEntry(name: string): string {
  const manifest = require.resolve(`${name}/package.json`);
  const root = (require(manifest) as { exports: Record<string, unknown> }).exports['.'] as Record<string, unknown>;
  const entry = root.module as string | { default: string };
  return path.join(path.dirname(manifest), typeof entry === 'string' ? entry : entry.default);
}

/**
 * Aliases for tests that run the web app in Node (Vitest). Besides Preact's: React Router and
 * lucide-react answer Node with CommonJS, which would load React through Node's own `require`,
 * past the aliases; the build takes their ES modules, and so do the tests.
 */
export const preactTestAliases: Alias[] = [
  ...preactAliases,
  { find: /^react-router$/, replacement: moduleEntry('react-router') },
  { find: /^lucide-react$/, replacement: moduleEntry('lucide-react') },
];

import { defineProject } from 'vitest/config';
import { testResolveFromSource } from './build/source-condition.ts';

// The tests render with React DOM, as the browser and the server renderer do (ADR 0030).
export default defineProject({
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  ...testResolveFromSource,
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    // Node by default: a jsdom costs every file that starts one about a second, and most of
    // these tests need no DOM. A file that does says so on its first line
    // (`// @vitest-environment jsdom`).
    environment: 'node',
  },
});

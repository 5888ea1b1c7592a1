import { defineProject } from 'vitest/config';
import { preactJsx, preactTestAliases, reactLibraryFiles } from './preact-aliases.ts';

// The tests render what ships: Preact through the same aliases as the build (ADR 0021), the
// libraries that import React included (Vitest transforms them rather than loading them as
// they are). Testing Library's ES module build, so its `react-dom` imports go through them too.
export default defineProject({
  oxc: preactJsx,
  resolve: {
    alias: [
      ...preactTestAliases,
      { find: /^@testing-library\/react$/, replacement: '@testing-library/react/dist/@testing-library/react.esm.js' },
    ],
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    server: { deps: { inline: [reactLibraryFiles] } },
  },
});

import fs from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { buildServerBundle } from './server-processes.ts';

/**
 * A server bundle for the test file: built before its tests (beforeAll), removed after them
 * (afterAll). Answers the folder, once built.
 */
export function useServerBundle(): () => string {
  let dir: string | undefined;
  beforeAll(() => {
    dir = buildServerBundle();
  });
  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!dir) throw new Error('the server bundle is built in beforeAll');
    return dir;
  };
}

import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The folder an npm package is installed in. Several packages we read files from (model
 * weights, wasm) do not export their `package.json` or those files, so `require.resolve`
 * cannot name them; Node's own lookup paths can.
 */
export function packageDir(name: string): string {
  for (const base of require.resolve.paths(name) ?? []) {
    const dir = path.join(base, name);
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
  }
  throw new Error(`The package ${name} is not installed`);
}

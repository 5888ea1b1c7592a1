import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The client package as npm would pack it: built by tsc into dist, with its document and README,
// and nothing of its sources or generator.
const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/api-client');

describe('the @atelier/api-client package', () => {
  it('builds and packs dist, the document and the README', () => {
    execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: packageDir, stdio: 'pipe' });
    const [pack] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: packageDir, encoding: 'utf8' }),
    ) as { name: string; files: { path: string }[] }[];
    const files = pack!.files.map((f) => f.path).sort();
    expect(pack!.name).toBe('@atelier/api-client');
    expect(files).toEqual(
      expect.arrayContaining([
        'README.md',
        'dist/index.d.ts',
        'dist/index.js',
        'dist/schema.d.ts',
        'openapi.json',
        'package.json',
      ]),
    );
    expect(files.filter((f) => f.startsWith('src/') || f.startsWith('generate/'))).toEqual([]);
  }, 120_000);
});

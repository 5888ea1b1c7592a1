import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The client package as npm packs it (its prepack builds dist with tsc): dist, its documents, README
// and licence, nothing of its sources or generator; then installed from the tarball in a folder
// outside the workspace, where a plain Node project imports it and type-checks the README's example.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const packageDir = path.join(repoRoot, 'packages/api-client');
const tsc = path.join(repoRoot, 'node_modules/typescript/bin/tsc');
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-api-client-'));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: 'pipe' });

describe('the @atelier/api-client package', () => {
  let tarball: string;

  it('packs dist, the documents, the README and the licence', () => {
    const [pack] = JSON.parse(npm(['pack', '--json', '--pack-destination', temp], packageDir)) as {
      name: string;
      filename: string;
      files: { path: string }[];
    }[];
    tarball = path.join(temp, pack!.filename);
    const files = pack!.files.map((f) => f.path).sort();
    expect(pack!.name).toBe('@atelier/api-client');
    expect(files).toEqual(
      expect.arrayContaining([
        'LICENSE',
        'README.md',
        'dist/index.d.ts',
        'dist/index.js',
        'dist/schema.d.ts',
        'openapi.json',
        'package.json',
      ]),
    );
    expect(files.filter((f) => f.startsWith('src/') || f.startsWith('generate/'))).toEqual([]);
    const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
    expect(manifest).toMatchObject({ license: 'MIT', types: './dist/index.d.ts' });
    expect(manifest.private).toBeUndefined();
  }, 120_000);

  it('installs from the tarball outside the workspace, imports in Node and type-checks its README example', () => {
    const project = path.join(temp, 'consumer');
    fs.mkdirSync(project);
    fs.writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
    );
    // Its one dependency (openapi-fetch) comes from npm's cache, as `npm ci` left it.
    npm(['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], project);

    const exported = execFileSync(
      process.execPath,
      ['--input-type=module', '-e', "console.log(Object.keys(await import('@atelier/api-client')).sort().join())"],
      { cwd: project, encoding: 'utf8' },
    );
    expect(exported.trim()).toBe('createAtelierAdminClient,createAtelierClient,formDataBody,isErrorBody,runOf');

    // The README's example, compiled as a Node project compiles it (nodenext: the `exports` types).
    const readme = fs.readFileSync(path.join(project, 'node_modules/@atelier/api-client/README.md'), 'utf8');
    const example = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(example).toContain("from '@atelier/api-client'");
    fs.writeFileSync(path.join(project, 'example.ts'), `${example}\nexport {};\n`);
    // A call the document does not have fails to compile: the types are the package's, not `any`.
    fs.writeFileSync(
      path.join(project, 'wrong.ts'),
      "import { createAtelierClient } from '@atelier/api-client';\nawait createAtelierClient().GET('/no-such-route', {});\nexport {};\n",
    );
    const compile = (file: string) => {
      const args = ['--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext', '--lib', 'es2023'];
      const types = ['--types', 'node', '--typeRoots', path.join(repoRoot, 'node_modules/@types')];
      try {
        execFileSync(process.execPath, [tsc, ...args, ...types, file], {
          cwd: project,
          encoding: 'utf8',
          stdio: 'pipe',
        });
      } catch (error) {
        throw new Error(`tsc ${file}: ${(error as { stdout?: string }).stdout}`);
      }
    };
    compile('example.ts');
    expect(() => compile('wrong.ts')).toThrow(/no-such-route/);
  }, 120_000);
});

/// <reference types="node" />
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { THIRD_PARTY_LICENSES_PATH } from '../src/lib/ui-constants.ts';

const require = createRequire(import.meta.url);

/** Licences that oblige Atelier to offer the package's source to the people it serves it to. */
const COPYLEFT = /\b(A?GPL|LGPL|MPL|EPL)\b|Affero/i;

interface PackageInfo {
  name: string;
  version: string;
  license: string;
  repository?: string;
  licenseText?: string;
}

/** The package a bundled module belongs to: the nearest package.json inside node_modules. */
function packageDirOf(moduleId: string): string | undefined {
  const file = moduleId.replace(/^\0/, '').split('?')[0] ?? '';
  const marker = `${path.sep}node_modules${path.sep}`;
  const at = file.lastIndexOf(marker);
  if (at < 0) return undefined;
  const rest = file.slice(at + marker.length).split(path.sep);
  const depth = rest[0]?.startsWith('@') ? 2 : 1;
  return file.slice(0, at + marker.length) + rest.slice(0, depth).join(path.sep);
}

function readPackage(dir: string): PackageInfo | undefined {
  const manifest = path.join(dir, 'package.json');
  if (!fs.existsSync(manifest)) return undefined;
  const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
    name: string;
    version: string;
    license?: string;
    repository?: string | { url?: string };
  };
  const licenseFile = fs.readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(f));
  const licenseText = licenseFile ? fs.readFileSync(path.join(dir, licenseFile), 'utf8').trim() : undefined;
  // "SEE LICENSE IN LICENSE.md" says nothing by itself: name the licence from its text.
  const declared = pkg.license ?? 'UNKNOWN';
  const license = /^SEE LICEN[CS]E/i.test(declared)
    ? (licenseText?.split('\n')[0]?.replace(/^#+\s*/, '') ?? declared)
    : declared;
  const repository = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  return { name: pkg.name, version: pkg.version, license, repository: repository?.replace(/^git\+/, ''), licenseText };
}

function notice(pkg: PackageInfo): string {
  const lines = [`${pkg.name}@${pkg.version} — ${pkg.license}`];
  if (pkg.repository) lines.push(`Source: ${pkg.repository}`);
  if (COPYLEFT.test(pkg.license)) {
    lines.push(
      `Atelier serves this package unmodified. Its complete corresponding source is the package as published on npm (${pkg.name}@${pkg.version}) and the repository above at that version; the maintainers of this Atelier instance will also provide it on request.`,
    );
  }
  if (pkg.licenseText) lines.push('', pkg.licenseText);
  return lines.join('\n');
}

/** The sample images of the tool pages ("Try a sample"): who made each and under which licence. */
const SAMPLE_CREDITS = new URL('../src/features/tools/samples/credits.json', import.meta.url);

interface SampleCredit {
  files: string[];
  title: string;
  author: string;
  license: string;
}

function sampleImagesNotice(): string {
  const { images } = JSON.parse(fs.readFileSync(SAMPLE_CREDITS, 'utf8')) as { images: SampleCredit[] };
  return [
    'Sample images (tool pages, "Try a sample")',
    '',
    ...images.map(
      (image) => `- ${image.files.join(', ')}: ${image.title}. ${image.author}. Licence: ${image.license}.`,
    ),
  ].join('\n');
}

/** The packages of the web workers' bundles, which Vite builds apart before the main bundle. */
const workerPackageDirs = new Set<string>();

function addPackageDirs(bundle: Record<string, { type: string; moduleIds?: string[] }>, dirs: Set<string>) {
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk') continue;
    for (const id of output.moduleIds ?? []) {
      const dir = packageDirOf(id);
      if (dir) dirs.add(dir);
    }
  }
}

/**
 * For `worker.plugins`: records the packages each worker bundle ships (background removal's
 * worker carries onnxruntime-web and @imgly/background-removal), for the main plugin to list.
 */
export function thirdPartyLicensesOfWorkers(): Plugin {
  return {
    name: 'atelier-third-party-licenses-of-workers',
    apply: 'build',
    generateBundle(_options, bundle) {
      addPackageDirs(bundle, workerPackageDirs);
    },
  };
}

/**
 * Writes the notices of every npm package that ends up in the browser bundle (workers included,
 * see thirdPartyLicensesOfWorkers) — plus packages
 * whose files are copied as assets (`extraPackages`) — so the served app carries the licences
 * it must (MIT/Apache notices; the AGPL's offer of source for the background-removal engine).
 */
export function thirdPartyLicenses(extraPackages: readonly string[] = []): Plugin {
  return {
    name: 'atelier-third-party-licenses',
    apply: 'build',
    generateBundle(_options, bundle) {
      const dirs = new Set<string>(workerPackageDirs);
      addPackageDirs(bundle, dirs);
      for (const name of extraPackages) dirs.add(path.dirname(require.resolve(`${name}/package.json`)));
      const packages = [...dirs]
        .map(readPackage)
        .filter((p): p is PackageInfo => p !== undefined)
        .sort((a, b) => a.name.localeCompare(b.name));
      const unique = packages.filter((p, i) => i === 0 || packages[i - 1]?.name !== p.name);
      const header = [
        'Third-party software in the Atelier web app',
        '',
        ...unique.map((p) => `- ${p.name}@${p.version} (${p.license})`),
        '',
      ].join('\n');
      const rule = `\n\n${'='.repeat(80)}\n\n`;
      this.emitFile({
        type: 'asset',
        fileName: THIRD_PARTY_LICENSES_PATH.slice(1),
        source: header + rule + unique.map(notice).join(rule) + rule + sampleImagesNotice(),
      });
    },
  };
}

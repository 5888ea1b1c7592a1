import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { THIRD_PARTY_LICENSES_PATH } from './lib/ui-constants.ts';

// The build writes the notices of every package it ships (build/third-party-licenses.ts, ADR 0011).
// Run after `npm run build`; skipped without a build.
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/client');
const file = path.join(dist, THIRD_PARTY_LICENSES_PATH);

describe.skipIf(!fs.existsSync(path.join(dist, '../server/index.js')))('third-party licences of the build', () => {
  it('lists the shipped packages with their licence texts', () => {
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toMatch(/^- react-dom@\S+ \(MIT\)$/m);
    expect(text).toMatch(/^- onnxruntime-web@\S+ \(MIT\)$/m);
    expect(text).toContain('Permission is hereby granted, free of charge');
  });

  it('credits the sample images of the tool pages with their licences', () => {
    const text = fs.readFileSync(file, 'utf8');
    const section = text.split(/\n={80}\n/).find((part) => part.trimStart().startsWith('Sample images'));
    expect(section).toBeDefined();
    for (const image of ['astronaut.jpg', 'chelsea.jpg', 'coffee.jpg', 'rocket.jpg', 'horse.png', 'mountains.png'])
      expect(section).toContain(image);
    expect(section).toMatch(/chelsea\.jpg: .*CC0/);
  });

  it('offers the source of the AGPL background-removal engine and its model files', () => {
    const text = fs.readFileSync(file, 'utf8');
    for (const name of ['@imgly/background-removal', '@imgly/background-removal-data']) {
      const entry = text.split(/\n={80}\n/).find((section) => section.trimStart().startsWith(`${name}@`));
      expect(entry, name).toBeDefined();
      expect(entry).toMatch(/Affero General Public License/);
      expect(entry).toMatch(/complete corresponding source/);
      expect(entry).toContain('github.com/imgly/background-removal-js');
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { RunRow } from '../../platform/db/schema/index.ts';
import { archiveEntries } from './archive.ts';

const run = (name: string | null, outputs: string[], status: RunRow['status'] = 'succeeded') =>
  ({
    status,
    inputFiles: name === null ? [] : [{ field: 'image', key: 'k', mediaType: 'image/jpeg', width: 1, height: 1, name }],
    outputs: outputs.map((mediaType, i) => ({ key: `runs/u/r/output-${i}.x`, mediaType, width: 1, height: 1 })),
  }) as unknown as RunRow;

describe('batch archive names', () => {
  it("names entries after the inputs with the output's extension, unique, and leaves failed runs out", () => {
    const names = archiveEntries([
      run('cat.jpg', ['image/png']),
      run('Cat.PNG', ['image/png']),
      run('../../etc/passwd', ['image/svg+xml']),
      run('dog.webp', ['image/png'], 'failed'),
      run(null, ['image/webp']),
      run('two.png', ['image/png', 'image/png']),
    ]).map((e) => e.name);
    expect(names).toEqual(['cat.png', 'Cat (2).png', 'passwd.svg', 'image-5.webp', 'two-1.png', 'two-2.png']);
  });
});

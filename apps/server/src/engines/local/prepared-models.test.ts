import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { preparedModel, preparedModelFile } from './prepared-models.ts';

const made: string[] = [];
afterEach(() => {
  for (const file of made.splice(0)) fs.rmSync(file, { force: true });
});

describe('preparedModel', () => {
  it('makes a graph once and reads it back in later calls', () => {
    const source = randomBytes(64);
    let calls = 0;
    const prepare = () => {
      calls += 1;
      return Buffer.concat([source, Buffer.from('prepared')]);
    };
    made.push(preparedModelFile('test', [source], import.meta.url));
    const first = preparedModel('test', [source], import.meta.url, prepare);
    const second = preparedModel('test', [source], import.meta.url, prepare);
    expect(calls).toBe(1);
    expect(Buffer.from(second)).toEqual(Buffer.from(first));
    expect(fs.readdirSync(made[0]!.replace(/[^/]+$/, '')).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('makes another graph from other sources or by other code', () => {
    const source = randomBytes(64);
    const other = randomBytes(64);
    const byThis = preparedModelFile('test', [source], import.meta.url);
    const fromOther = preparedModelFile('test', [other], import.meta.url);
    const byOther = preparedModelFile('test', [source], new URL('./prepared-models.ts', import.meta.url).href);
    expect(new Set([byThis, fromOther, byOther]).size).toBe(3);
  });
});

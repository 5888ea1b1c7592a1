import { describe, expect, it } from 'vitest';
import { continueHref, openRunHref, parseToolSource } from './tool-href.ts';

const ID = '0b5c6a7e-1d2f-4a3b-8c9d-0e1f2a3b4c5d';

describe('addresses that open a tool page with something in it', () => {
  it('reads where the page’s input comes from', () => {
    expect(parseToolSource(`?fromRun=${ID}&output=2`)).toEqual({ kind: 'fromRun', runId: ID, outputIndex: 2 });
    expect(parseToolSource(`?fromRun=${ID}`)).toEqual({ kind: 'fromRun', runId: ID, outputIndex: 0 });
    expect(parseToolSource(`?fromRun=${ID}&output=-1`)).toEqual({ kind: 'fromRun', runId: ID, outputIndex: 0 });
    expect(parseToolSource(`?openRun=${ID}`)).toEqual({ kind: 'openRun', runId: ID });
    expect(parseToolSource('?fromRun=../../me')).toBeNull();
    expect(parseToolSource('')).toBeNull();
  });

  it('builds the addresses it reads', () => {
    expect(parseToolSource(new URL(continueHref('image-upscale', ID, 1), 'http://x').search)).toEqual({
      kind: 'fromRun',
      runId: ID,
      outputIndex: 1,
    });
    expect(openRunHref('vectorization', ID)).toBe(`/tools/vectorization?openRun=${ID}`);
  });
});

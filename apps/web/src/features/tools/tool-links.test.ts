import { describe, expect, it } from 'vitest';
import { TOOL_PAGES } from './tool-definitions.ts';
import { continueHref, continueTargets, formFromRun, openRunHref, parseToolSource, reopenable } from './tool-links.ts';

const ID = '0b5c6a7e-1d2f-4a3b-8c9d-0e1f2a3b4c5d';

describe('tool page links', () => {
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

  it('offers the tools that take the output’s format', () => {
    expect(continueTargets('image/svg+xml')).toEqual([]);
    expect(continueTargets('image/png')).toContain('ai-photo-editor');
    expect(continueTargets('image/webp')).not.toContain('ai-photo-editor');
    expect(continueTargets('image/webp')).toContain('image-upscale');
  });

  it('fills the form from a past run, defaults for what it lacks', () => {
    const form = formFromRun(TOOL_PAGES['ai-photo-editor'], { editType: 'custom', strength: 0.4, prompt: 'warmer' });
    expect(form).toEqual({ prompt: 'warmer', negativePrompt: '', options: { editType: 'custom', strength: '0.4' } });
    expect(formFromRun(TOOL_PAGES['image-upscale'], {}).options).toEqual({ upscaleType: 'crisp' });
    expect(formFromRun(TOOL_PAGES['replace-background'], { negative_prompt: 'cars', n: 3 }).options.n).toBe('3');
  });

  it('reopens runs whose inputs the server has', () => {
    expect(reopenable({ clientSide: false })).toBe(true);
    expect(reopenable({ clientSide: true })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { TOOL_PAGES } from './tool-definitions.ts';
import { continueTargets, formFromRun, outputFileName, withStoredInput } from './tool-links.ts';

const ID = '0b5c6a7e-1d2f-4a3b-8c9d-0e1f2a3b4c5d';

describe('results that flow between tools', () => {
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
});

describe('a stored output as the input', () => {
  it('sends the reference instead of the bytes', () => {
    const form = new FormData();
    form.set('image', new File([new Uint8Array([1])], 'a.png', { type: 'image/png' }));
    form.set('upscaleType', 'crisp');
    const sent = withStoredInput(form, { runId: ID, outputIndex: 1 });
    expect([...sent.keys()].sort()).toEqual(['inputRunId', 'outputIndex', 'upscaleType']);
    expect(sent.get('inputRunId')).toBe(ID);
    expect(sent.get('outputIndex')).toBe('1');
  });

  it('leaves an uploaded image alone', () => {
    const form = new FormData();
    form.set('image', new File([new Uint8Array([1])], 'a.png', { type: 'image/png' }));
    expect(withStoredInput(form, null).has('image')).toBe(true);
  });

  it('names a stored image after its tool', () => {
    expect(outputFileName('image-upscale', 0, 'image/png')).toBe('image-upscale-1.png');
    expect(outputFileName('image-generation', 2, 'image/jpeg')).toBe('image-generation-3.jpg');
  });
});

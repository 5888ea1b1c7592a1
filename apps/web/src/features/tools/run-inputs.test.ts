import { IMAGE_TO_IMAGE_STRENGTH, PHOTO_EDIT_STRENGTH } from '@atelier/contracts';
import { describe, expect, it } from 'vitest';
import { costOf, missingInput, parseStrength, type RunInputs, runFormData } from './run-inputs.ts';
import { defaultOptionValues, TOOL_PAGES } from './tool-definitions.ts';

const png = new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' });

function inputs(tool: keyof typeof TOOL_PAGES, rest: Partial<RunInputs> = {}): RunInputs {
  return {
    image: null,
    mask: null,
    referenceImage: null,
    prompt: '',
    negativePrompt: '',
    options: defaultOptionValues(TOOL_PAGES[tool]),
    ...rest,
  };
}

describe('tool page inputs', () => {
  it('starts with the spec defaults', () => {
    expect(defaultOptionValues(TOOL_PAGES['image-generation'])).toEqual({
      model: 'recraftv3',
      style: 'realistic_image',
      substyle: '',
      size: '1024x1024',
      n: '1',
    });
    expect(defaultOptionValues(TOOL_PAGES['ai-photo-editor'])).toEqual({ editType: 'enhance', strength: '0.7' });
    expect(defaultOptionValues(TOOL_PAGES['image-to-image']).strength).toBe('0.5');
    expect(defaultOptionValues(TOOL_PAGES['image-upscale'])).toEqual({ upscaleType: 'crisp' });
  });

  it('falls back to the default strength when the value does not parse', () => {
    expect(parseStrength('abc', IMAGE_TO_IMAGE_STRENGTH)).toBe(0.5);
    expect(parseStrength('', IMAGE_TO_IMAGE_STRENGTH)).toBe(0.5);
    expect(parseStrength('0.3', IMAGE_TO_IMAGE_STRENGTH)).toBe(0.3);
    expect(parseStrength('0', PHOTO_EDIT_STRENGTH)).toBe(0.1);
  });

  it('names the first missing input in the spec order', () => {
    expect(missingInput(TOOL_PAGES.inpainting, inputs('inpainting'))).toBe('selectImage');
    expect(missingInput(TOOL_PAGES.inpainting, inputs('inpainting', { image: png }))).toBe('selectMask');
    expect(missingInput(TOOL_PAGES.inpainting, inputs('inpainting', { image: png, mask: png, prompt: '  ' }))).toBe(
      'inpaintingDescription',
    );
    expect(missingInput(TOOL_PAGES['image-generation'], inputs('image-generation'))).toBe('promptToGenerate');
    expect(missingInput(TOOL_PAGES['ai-photo-editor'], inputs('ai-photo-editor', { image: png }))).toBeNull();
    const custom = inputs('ai-photo-editor', { image: png, options: { editType: 'custom', strength: '0.7' } });
    expect(missingInput(TOOL_PAGES['ai-photo-editor'], custom)).toBe('customEditDescription');
  });

  it('sends the prompt only where the tool takes one and leaves out an unset substyle', () => {
    const form = runFormData(TOOL_PAGES['ai-photo-editor'], inputs('ai-photo-editor', { image: png, prompt: 'x' }));
    expect(form.has('prompt')).toBe(false);
    expect(form.get('strength')).toBe('0.7');
    const gen = runFormData(TOOL_PAGES['image-generation'], inputs('image-generation', { prompt: ' a cat ' }));
    expect(gen.get('prompt')).toBe('a cat');
    expect(gen.has('substyle')).toBe(false);
    expect(gen.get('n')).toBe('1');
  });

  it('prices per image where the tool does', () => {
    expect(costOf(TOOL_PAGES['image-generation'], { n: '4' })).toBe(4);
    expect(costOf(TOOL_PAGES['vector-generation'], {})).toBe(3);
  });

  it('prices a run on the demo engine at nothing', () => {
    expect(costOf(TOOL_PAGES['image-generation'], { n: '4' }, true)).toBe(0);
  });
});

import { IMAGE_TO_IMAGE_STRENGTH, PHOTO_EDIT_STRENGTH } from '@atelier/contracts';
import { describe, expect, it } from 'vitest';
import {
  defaultOptionValues,
  type SelectOptionField,
  TOOL_PAGES,
  withoutDemoChoices,
  withoutIgnoredOptions,
} from '../definitions/tool-definitions.ts';
import { costOf, emptyRunInputs, missingInput, parseStrength, type RunInputs, runFormData } from './run-inputs.ts';

const png = new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' });

function inputs(tool: keyof typeof TOOL_PAGES, rest: Partial<RunInputs> = {}): RunInputs {
  return { ...emptyRunInputs(TOOL_PAGES[tool]), ...rest };
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
    // Where the engine ignores the prompt (the local fill), it is optional: a painted mask is enough.
    const localFill = withoutIgnoredOptions(TOOL_PAGES.inpainting, ['prompt']);
    expect(localFill.prompt).toBe('optional');
    expect(missingInput(localFill, inputs('inpainting', { image: png, mask: png, prompt: '' }))).toBeNull();
    expect(missingInput(localFill, inputs('inpainting', { image: png }))).toBe('selectMask');
    expect(missingInput(TOOL_PAGES['image-generation'], inputs('image-generation'))).toBe('promptToGenerate');
    expect(missingInput(TOOL_PAGES['ai-photo-editor'], inputs('ai-photo-editor', { image: png }))).toBeNull();
    const custom = inputs('ai-photo-editor', { image: png, options: { editType: 'custom', strength: '0.7' } });
    expect(missingInput(TOOL_PAGES['ai-photo-editor'], custom)).toBe('customEditDescription');
  });

  it('replaces a background with a colour, an upload or (with a provider) a prompt, sending only what each uses', () => {
    const page = TOOL_PAGES['replace-background'];
    const color = runFormData(page, inputs('replace-background', { image: png, prompt: 'beach' }));
    expect([...color.keys()].sort()).toEqual(['background', 'color', 'image', 'shadow']);
    expect(color.get('background')).toBe('color');
    const upload = inputs('replace-background', { image: png });
    upload.options.background = 'image';
    expect(missingInput(page, upload)).toBe('selectBackgroundImage');
    expect(runFormData(page, { ...upload, backgroundImage: png }).get('background_image')).toBeInstanceOf(File);
    const prompted = inputs('replace-background', { image: png, prompt: 'beach' });
    prompted.options.background = 'prompt';
    const form = runFormData(page, prompted);
    expect(form.get('prompt')).toBe('beach');
    expect(form.get('n')).toBe('1');
    expect(form.has('color')).toBe(false);
    // Without a provider the local engine hands prompts to the demo: the page does not offer them.
    const offered = withoutDemoChoices(page, { background: ['prompt'] }).options[0] as SelectOptionField;
    expect(typeof offered.choices === 'function' && offered.choices({})).toEqual([
      'color',
      'gradient',
      'blur',
      'image',
    ]);
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

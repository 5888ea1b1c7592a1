import {
  BACKGROUND_BLUR,
  BACKGROUND_KINDS,
  DEFAULT_BACKGROUND_COLOR,
  DEFAULT_GRADIENT_END_COLOR,
  DEFAULT_MODEL,
  DEFAULT_PHOTO_EDIT_TYPE,
  DEFAULT_SIZE,
  DEFAULT_STYLE,
  DEFAULT_UPSCALE_TYPE,
  IMAGE_TO_IMAGE_STRENGTH,
  inputFormatsOf,
  MODELS,
  PHOTO_EDIT_STRENGTH,
  PHOTO_EDIT_TYPES,
  SIZES,
  STYLE_CREATION_BASES,
  STYLES,
  type Style,
  SUBSTYLES,
  type ToolId,
  UPSCALE_TYPES,
  VECTOR_COLORS,
  VECTOR_COMPLEXITY,
  VECTOR_STYLES,
} from '@atelier/contracts';
import type { CountOptionField, OptionValues, SelectOptionField, ToolPageDefinition } from './tool-definitions.ts';

/* The table of every tool page; what each field means is in tool-definitions.ts. */

const model: SelectOptionField = {
  kind: 'select',
  name: 'model',
  choices: MODELS,
  default: DEFAULT_MODEL,
  translated: false,
};
const style: SelectOptionField = {
  kind: 'select',
  name: 'style',
  choices: STYLES,
  default: DEFAULT_STYLE,
  translated: true,
};
const substyle: SelectOptionField = {
  kind: 'select',
  name: 'substyle',
  choices: (values) => SUBSTYLES[(values.style ?? DEFAULT_STYLE) as Style] ?? [],
  default: '',
  optional: true,
  translated: true,
};
const count: CountOptionField = { kind: 'count', name: 'n' };
const rasterOptions = [model, style, substyle] as const;

const base = {
  mask: false,
  referenceImage: false,
  backgroundImage: false,
  prompt: 'none',
  negativePrompt: false,
  options: [],
  result: 'compare',
  missingPromptMessage: 'promptRequired',
  insufficientMessage: 'generic',
  inBrowser: false,
} as const satisfies Partial<ToolPageDefinition>;

const imageInput = (id: ToolId) => ({ formats: inputFormatsOf(id) });

export const TOOL_PAGES: Record<ToolId, ToolPageDefinition> = {
  'image-generation': {
    ...base,
    id: 'image-generation',
    prompt: 'required',
    negativePrompt: true,
    options: [
      ...rasterOptions,
      { kind: 'select', name: 'size', choices: SIZES, default: DEFAULT_SIZE, translated: false },
      count,
    ],
    result: 'grid',
    downloadPrefix: 'generated-image',
    action: 'generate',
    missingPromptMessage: 'promptToGenerate',
  },
  'vector-generation': {
    ...base,
    id: 'vector-generation',
    prompt: 'required',
    options: [
      { kind: 'select', name: 'style', choices: VECTOR_STYLES, default: 'flat', translated: true },
      { kind: 'select', name: 'colors', choices: VECTOR_COLORS, default: 'vibrant', translated: true },
      { kind: 'select', name: 'complexity', choices: VECTOR_COMPLEXITY, default: 'medium', translated: true },
    ],
    result: 'grid',
    downloadPrefix: 'vector-image',
    action: 'generate',
  },
  'style-creation': {
    ...base,
    id: 'style-creation',
    referenceImage: true,
    prompt: 'required',
    options: [
      { kind: 'select', name: 'style', choices: STYLE_CREATION_BASES, default: 'photography', translated: true },
    ],
    result: 'grid',
    downloadPrefix: 'styled-image',
    action: 'create',
  },
  'image-to-image': {
    ...base,
    id: 'image-to-image',
    image: imageInput('image-to-image'),
    prompt: 'required',
    negativePrompt: true,
    options: [...rasterOptions, { kind: 'range', name: 'strength', range: IMAGE_TO_IMAGE_STRENGTH }, count],
    downloadPrefix: 'transformed-image',
    action: 'transform',
  },
  inpainting: {
    ...base,
    id: 'inpainting',
    image: imageInput('inpainting'),
    mask: true,
    prompt: 'required',
    result: 'inpaint',
    downloadPrefix: 'inpainted-image',
    action: 'inpaint',
    missingPromptMessage: 'inpaintingDescription',
    insufficientMessage: 'inpainting',
  },
  'background-removal': {
    ...base,
    id: 'background-removal',
    image: imageInput('background-removal'),
    downloadPrefix: 'removed-background',
    action: 'removeBackground',
    insufficientMessage: 'backgroundRemoval',
    inBrowser: true,
  },
  vectorization: {
    ...base,
    id: 'vectorization',
    image: imageInput('vectorization'),
    downloadPrefix: 'vectorized-image',
    action: 'vectorize',
  },
  'image-upscale': {
    ...base,
    id: 'image-upscale',
    image: imageInput('image-upscale'),
    options: [
      { kind: 'select', name: 'upscaleType', choices: UPSCALE_TYPES, default: DEFAULT_UPSCALE_TYPE, translated: true },
    ],
    downloadPrefix: 'upscaled-image',
    action: 'upscale',
  },
  'ai-eraser': {
    ...base,
    id: 'ai-eraser',
    image: imageInput('ai-eraser'),
    downloadPrefix: 'erased-background',
    action: 'erase',
    insufficientMessage: 'eraser',
  },
  'ai-photo-editor': {
    ...base,
    id: 'ai-photo-editor',
    image: imageInput('ai-photo-editor'),
    prompt: 'custom-edit',
    options: [
      {
        kind: 'select',
        name: 'editType',
        choices: PHOTO_EDIT_TYPES,
        default: DEFAULT_PHOTO_EDIT_TYPE,
        translated: true,
      },
      { kind: 'range', name: 'strength', range: PHOTO_EDIT_STRENGTH },
    ],
    downloadPrefix: 'edited-photo',
    action: 'edit',
    missingPromptMessage: 'customEditDescription',
  },
  'replace-background': {
    ...base,
    id: 'replace-background',
    image: imageInput('replace-background'),
    prompt: 'background',
    negativePrompt: true,
    backgroundImage: true,
    options: [
      {
        kind: 'select',
        name: 'background',
        choices: BACKGROUND_KINDS,
        default: 'color',
        translated: true,
        withoutDemoChoices: true,
      },
      { kind: 'color', name: 'color', default: DEFAULT_BACKGROUND_COLOR, when: background('color', 'gradient') },
      { kind: 'color', name: 'color2', default: DEFAULT_GRADIENT_END_COLOR, when: background('gradient') },
      { kind: 'range', name: 'blur', range: BACKGROUND_BLUR, when: background('blur') },
      { kind: 'toggle', name: 'shadow', default: true, when: (v) => v.background !== 'prompt' },
      ...[...rasterOptions, count].map((field) => ({ ...field, when: background('prompt') })),
    ],
    downloadPrefix: 'replaced-background',
    action: 'replaceBackground',
  },
};

function background(...kinds: string[]) {
  return (values: OptionValues) => kinds.includes(values.background ?? '');
}

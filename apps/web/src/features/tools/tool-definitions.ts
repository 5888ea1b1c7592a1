import {
  DEFAULT_MODEL,
  DEFAULT_PHOTO_EDIT_TYPE,
  DEFAULT_SIZE,
  DEFAULT_STYLE,
  DEFAULT_UPSCALE_TYPE,
  IMAGE_TO_IMAGE_STRENGTH,
  type InputImageFormat,
  inputFormatsOf,
  MODELS,
  PHOTO_EDIT_STRENGTH,
  PHOTO_EDIT_TYPES,
  SIZES,
  STYLE_CREATION_BASES,
  STYLES,
  SUBSTYLES,
  type Style,
  type ToolId,
  UPSCALE_TYPES,
  VECTOR_COLORS,
  VECTOR_COMPLEXITY,
  VECTOR_STYLES,
} from '@atelier/contracts';

/**
 * What makes each tool page different, as data: its inputs, options, checks, result layout
 * and download name. One page component (tool-page.tsx) renders every tool from this table,
 * so the eleven pages share their upload, progress, result, download, save and reset.
 */

/** The option values of a form, by the field names the run endpoint takes (tools.md §7). */
export type OptionValues = Record<string, string>;

export interface SelectOptionField {
  kind: 'select';
  name: string;
  /** Choices; a function when they depend on another option (substyles on the style). */
  choices: readonly string[] | ((values: OptionValues) => readonly string[]);
  default: string;
  /** Offers "none" (sends nothing) first, for optional choices such as the substyle. */
  optional?: boolean;
  /** Choice labels come from tool-run:choices.<name>.<value>; otherwise the value is shown readably. */
  translated: boolean;
}

export interface RangeOptionField {
  kind: 'range';
  name: 'strength';
  range: { min: number; max: number; step: number; default: number };
}

export interface CountOptionField {
  kind: 'count';
  name: 'n';
}

export type OptionField = SelectOptionField | RangeOptionField | CountOptionField;

export type PromptRule = 'required' | 'none' | 'custom-edit';
export type ResultLayout = 'compare' | 'inpaint' | 'grid';

export interface ToolPageDefinition {
  id: ToolId;
  /** The main image input, with the formats accepted; absent for prompt-only tools. */
  image?: { formats: readonly InputImageFormat[] };
  mask: boolean;
  /** Style creation's optional reference image. */
  referenceImage: boolean;
  prompt: PromptRule;
  negativePrompt: boolean;
  options: readonly OptionField[];
  result: ResultLayout;
  /** Download file names start with this, then a timestamp (tools.md §7). */
  downloadPrefix: string;
  /** Key under tool-run:action for the run button. */
  action: string;
  /** Key under tool-run:validation for an empty prompt. */
  missingPromptMessage: string;
  /** Key under tool-run:credits for too few credits; `generic` interpolates the count. */
  insufficientMessage: string;
  /** Runs in the browser (background removal): the image is never sent. */
  inBrowser: boolean;
}

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
    prompt: 'required',
    negativePrompt: true,
    options: [...rasterOptions, count],
    downloadPrefix: 'replaced-background',
    action: 'replaceBackground',
  },
};

/** The options a fresh form starts with: each field's default (tools.md §9). */
export function defaultOptionValues(definition: ToolPageDefinition): OptionValues {
  const values: OptionValues = {};
  for (const field of definition.options) {
    if (field.kind === 'select') values[field.name] = field.default;
    else if (field.kind === 'range') values[field.name] = String(field.range.default);
    else values[field.name] = '1';
  }
  return values;
}

/** Whether the prompt box shows: always, never, or for the photo editor's custom edit only. */
export function showsPrompt(definition: ToolPageDefinition, values: OptionValues): boolean {
  return definition.prompt === 'required' || (definition.prompt === 'custom-edit' && values.editType === 'custom');
}

/**
 * The page as the serving engine takes it: without the option fields (and the negative prompt)
 * that engine ignores (`GET /api/tools` → ignoredOptions), so no choice on the page is inert.
 */
export function withoutIgnoredOptions(definition: ToolPageDefinition, ignored: readonly string[]): ToolPageDefinition {
  if (ignored.length === 0) return definition;
  return {
    ...definition,
    options: definition.options.filter((field) => !ignored.includes(field.name)),
    negativePrompt: definition.negativePrompt && !ignored.includes('negative_prompt'),
  };
}

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

/** The option values of a form, by the field names the run endpoint takes. */
export type OptionValues = Record<string, string>;

/** Shows a field only while the other options hold (a gradient's second colour, a blur's strength). */
type ShownWhen = { when?: (values: OptionValues) => boolean };

export interface SelectOptionField extends ShownWhen {
  kind: 'select';
  name: string;
  /** Choices; a function when they depend on another option (substyles on the style). */
  choices: readonly string[] | ((values: OptionValues) => readonly string[]);
  default: string;
  /** Offers "none" (sends nothing) first, for optional choices such as the substyle. */
  optional?: boolean;
  /** Choice labels come from tool-run:choices.<name>.<value>; otherwise the value is shown readably. */
  translated: boolean;
  /**
   * Leaves out the choices the serving engine hands to the demo (`GET /api/tools` → demoOptions):
   * a background from a prompt is offered only where a provider can make one.
   */
  withoutDemoChoices?: boolean;
}

export interface RangeOptionField extends ShownWhen {
  kind: 'range';
  name: string;
  range: { min: number; max: number; step: number; default: number };
}

export interface CountOptionField extends ShownWhen {
  kind: 'count';
  name: 'n';
}

export interface ColorOptionField extends ShownWhen {
  kind: 'color';
  name: string;
  default: string;
}

/** On or off, sent as `true`/`false`. */
export interface ToggleOptionField extends ShownWhen {
  kind: 'toggle';
  name: string;
  default: boolean;
}

export type OptionField =
  | SelectOptionField
  | RangeOptionField
  | CountOptionField
  | ColorOptionField
  | ToggleOptionField;

/** Whether a field shows (and is sent) with these option values. */
export const fieldShown = (field: OptionField, values: OptionValues) => field.when?.(values) ?? true;

/** `custom-edit`: for the photo editor's custom edit only; `background`: for a background from a prompt. */
export type PromptRule = 'required' | 'none' | 'custom-edit' | 'background';
export type ResultLayout = 'compare' | 'inpaint' | 'grid';

export interface ToolPageDefinition {
  id: ToolId;
  /** The main image input, with the formats accepted; absent for prompt-only tools. */
  image?: { formats: readonly InputImageFormat[] };
  mask: boolean;
  /** Style creation's optional reference image. */
  referenceImage: boolean;
  /** Replace background's uploaded background, asked for while `background` is `image`. */
  backgroundImage: boolean;
  prompt: PromptRule;
  negativePrompt: boolean;
  options: readonly OptionField[];
  result: ResultLayout;
  /** Download file names start with this, then a timestamp. */
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

/** The options a fresh form starts with: each field's default (contracts/tool-options.ts). */
export function defaultOptionValues(definition: ToolPageDefinition): OptionValues {
  const values: OptionValues = {};
  for (const field of definition.options) {
    if (field.kind === 'select' || field.kind === 'color') values[field.name] = field.default;
    else if (field.kind === 'range') values[field.name] = String(field.range.default);
    else if (field.kind === 'toggle') values[field.name] = String(field.default);
    else values[field.name] = '1';
  }
  return values;
}

/** Whether the prompt box shows: always, never, for the photo editor's custom edit, for a prompt background. */
export function showsPrompt(definition: ToolPageDefinition, values: OptionValues): boolean {
  if (definition.prompt === 'custom-edit') return values.editType === 'custom';
  if (definition.prompt === 'background') return values.background === 'prompt';
  return definition.prompt === 'required';
}

/** Whether the page asks for an uploaded background now. */
export const needsBackgroundImage = (definition: ToolPageDefinition, values: OptionValues) =>
  definition.backgroundImage && values.background === 'image';

/**
 * The page without the choices its engine hands to the demo, on the fields that ask so
 * (`withoutDemoChoices`); an option left at such a value moves to the first choice offered.
 */
export function withoutDemoChoices(
  definition: ToolPageDefinition,
  demoOptions: Readonly<Record<string, readonly string[]>>,
): ToolPageDefinition {
  return {
    ...definition,
    options: definition.options.map((field) => {
      const demo = demoOptions[field.name];
      if (field.kind !== 'select' || !field.withoutDemoChoices || !demo?.length) return field;
      const { choices } = field;
      const offered = (values: OptionValues) =>
        (typeof choices === 'function' ? choices(values) : choices).filter((c) => !demo.includes(c));
      return { ...field, choices: offered };
    }),
  };
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

import type { InputImageFormat, ToolId } from '@atelier/contracts';

/**
 * What makes each tool page different, as data: its inputs, options, checks, result layout
 * and download name. One page component (tool-page.tsx) renders every tool from this table (tool-pages.ts),
 * so the eleven pages share their upload, progress, result, download, save and reset.
 */

export { TOOL_PAGES } from './tool-pages.ts';

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
/** `optional`: a required prompt the serving engine ignores (the local inpainting fill). */
export type PromptRule = 'required' | 'optional' | 'none' | 'custom-edit' | 'background';
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
  return definition.prompt === 'required' || definition.prompt === 'optional';
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
    // Kept on the page (a person may still describe the fill) but no longer asked for.
    prompt: ignored.includes('prompt') && definition.prompt === 'required' ? 'optional' : definition.prompt,
    negativePrompt: definition.negativePrompt && !ignored.includes('negative_prompt'),
  };
}

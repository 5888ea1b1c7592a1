import { runCost } from '@atelier/contracts';
import {
  defaultOptionValues,
  fieldShown,
  needsBackgroundImage,
  type OptionValues,
  showsPrompt,
  type ToolPageDefinition,
} from '../definitions/tool-definitions.ts';

/** What the user has given a tool page so far. */
export interface RunInputs {
  image: File | null;
  mask: File | null;
  referenceImage: File | null;
  backgroundImage: File | null;
  prompt: string;
  negativePrompt: string;
  options: OptionValues;
}

/** A tool page before the user gives it anything: no files, no prompts, the tool's default options. */
export function emptyRunInputs(definition: ToolPageDefinition): RunInputs {
  return {
    image: null,
    mask: null,
    referenceImage: null,
    backgroundImage: null,
    prompt: '',
    negativePrompt: '',
    options: defaultOptionValues(definition),
  };
}

/** A strength that does not parse falls back to the default; in range otherwise. */
export function parseStrength(value: string | undefined, range: { min: number; max: number; default: number }) {
  const n = value === undefined || value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(n)) return range.default;
  return Math.min(range.max, Math.max(range.min, n));
}

/** Images asked for: the `n` option where the tool has one. */
export function imageCount(options: OptionValues): number {
  const n = Number(options.n);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/** Credits this run will cost with the chosen options: nothing when it falls to the demo engine. */
export function costOf(definition: ToolPageDefinition, options: OptionValues, demo = false): number {
  return runCost(definition.id, imageCount(options), demo);
}

/**
 * The first thing missing before a run may start, as a key under tool-run:validation, in the
 * order: the image, the mask, then the prompt. Null when all is there.
 */
export function missingInput(definition: ToolPageDefinition, inputs: RunInputs): string | null {
  if (definition.image && !inputs.image) return 'selectImage';
  if (definition.mask && !inputs.mask) return 'selectMask';
  if (needsBackgroundImage(definition, inputs.options) && !inputs.backgroundImage) return 'selectBackgroundImage';
  const promptAskedFor = showsPrompt(definition, inputs.options) && definition.prompt !== 'optional';
  if (promptAskedFor && inputs.prompt.trim() === '') return definition.missingPromptMessage;
  return null;
}

/** The multipart body of POST /api/tools/{tool}/runs, with fields named as the API takes them. */
export function runFormData(definition: ToolPageDefinition, inputs: RunInputs): FormData {
  const form = new FormData();
  if (definition.image && inputs.image) form.set('image', inputs.image);
  if (definition.mask && inputs.mask) form.set('mask', inputs.mask);
  if (definition.referenceImage && inputs.referenceImage) form.set('reference_image', inputs.referenceImage);
  if (needsBackgroundImage(definition, inputs.options) && inputs.backgroundImage) {
    form.set('background_image', inputs.backgroundImage);
  }
  const prompted = showsPrompt(definition, inputs.options);
  if (prompted) form.set('prompt', inputs.prompt.trim());
  if (prompted && definition.negativePrompt && inputs.negativePrompt.trim()) {
    form.set('negative_prompt', inputs.negativePrompt.trim());
  }
  for (const field of definition.options) {
    if (!fieldShown(field, inputs.options)) continue;
    const value = inputs.options[field.name] ?? '';
    if (field.kind === 'range') form.set(field.name, String(parseStrength(value, field.range)));
    else if (value !== '') form.set(field.name, value); // an unset optional choice sends nothing
  }
  return form;
}

/** What flows between tool pages: which tools a result can go on to, and a past run as a page's form. */
import { CHAINABLE_TOOLS, inputFormatsOf, type Run, type ToolId } from '@atelier/contracts';
import { formatOfMediaType } from '../result/download-formats.ts';
import { extensionOf } from '../result/download-name.ts';
import { defaultOptionValues, type OptionValues, type ToolPageDefinition } from './tool-definitions.ts';

/**
 * The tools a result can go on to, in the order the menu lists them: those the server runs
 * on a stored output (`inputRunId`), and background removal, which fetches it into the browser.
 */
export const CONTINUE_TOOLS: readonly ToolId[] = [
  ...CHAINABLE_TOOLS.slice(0, 2),
  'background-removal',
  ...CHAINABLE_TOOLS.slice(2),
];

/** The tools that take an output of this type as their image (an SVG goes nowhere; the photo editor takes PNG and JPG). */
export function continueTargets(mediaType: string): ToolId[] {
  const format = formatOfMediaType(mediaType);
  if (!format || format === 'svg') return [];
  return CONTINUE_TOOLS.filter((tool) => (inputFormatsOf(tool) as readonly string[]).includes(format));
}

/** A past run's prompt and options as the page's form holds them; what the run does not name keeps its default. */
export function formFromRun(definition: ToolPageDefinition, options: Run['options']) {
  const values: OptionValues = defaultOptionValues(definition);
  for (const field of definition.options) {
    const value = options[field.name];
    if (typeof value === 'string' || typeof value === 'number') values[field.name] = String(value);
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return { prompt: text(options.prompt), negativePrompt: text(options.negative_prompt), options: values };
}

/** The name a stored image takes as a page's input when it has none of its own: `<tool>-<n>.<ext>`. */
export const outputFileName = (tool: ToolId, index: number, mediaType: string) =>
  `${tool}-${index + 1}.${extensionOf(mediaType)}`;

/**
 * A run's body with a stored output in place of the uploaded image: `inputRunId` +
 * `outputIndex` are sent instead of the bytes (the server reads its own copy).
 */
export function withStoredInput(form: FormData, stored: { runId: string; outputIndex: number } | null): FormData {
  if (!stored) return form;
  form.delete('image');
  form.set('inputRunId', stored.runId);
  form.set('outputIndex', String(stored.outputIndex));
  return form;
}

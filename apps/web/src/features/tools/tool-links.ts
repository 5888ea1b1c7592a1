import { inputFormatsOf, type Run, type ToolId } from '@atelier/contracts';
import { formatOfMediaType } from './download-formats.ts';
import { defaultOptionValues, type OptionValues, type ToolPageDefinition } from './tool-definitions.ts';

/**
 * How a tool page is opened with something already in it (issue 16):
 * `?fromRun=<id>&output=<n>` — another run's n-th output becomes the input, sent as
 * `inputRunId` + `outputIndex` (no download, no upload); `?openRun=<id>` — a past run's inputs
 * and options are filled in again (History's "Open in tool").
 */
export type ToolPageSource =
  | { kind: 'fromRun'; runId: string; outputIndex: number }
  | { kind: 'openRun'; runId: string }
  | null;

// Run ids are UUIDs; anything else in the address is ignored rather than sent.
const RUN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseToolSource(search: string): ToolPageSource {
  const query = new URLSearchParams(search);
  const from = query.get('fromRun');
  if (from && RUN_ID.test(from)) {
    const output = query.get('output') ?? '0';
    const outputIndex = /^\d{1,3}$/.test(output) ? Number(output) : 0;
    return { kind: 'fromRun', runId: from, outputIndex };
  }
  const open = query.get('openRun');
  if (open && RUN_ID.test(open)) return { kind: 'openRun', runId: open };
  return null;
}

export const continueHref = (tool: ToolId, runId: string, outputIndex: number) =>
  `/tools/${tool}?fromRun=${encodeURIComponent(runId)}&output=${outputIndex}`;
export const openRunHref = (tool: ToolId, runId: string) => `/tools/${tool}?openRun=${encodeURIComponent(runId)}`;

/** The tools a result can go on to, in the order the menu lists them. */
export const CONTINUE_TOOLS: readonly ToolId[] = [
  'image-upscale',
  'vectorization',
  'background-removal',
  'ai-eraser',
  'ai-photo-editor',
  'inpainting',
  'image-to-image',
  'replace-background',
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

/** Whether History can open or rerun a run: a browser run's image never reached the server, so it cannot. */
export const reopenable = (run: Pick<Run, 'clientSide'>) => !run.clientSide;

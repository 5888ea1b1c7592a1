import { BATCH_TOOLS, type BatchToolId, runCost, type ToolId } from '@atelier/contracts';
import { extensionOf } from './download-name.ts';

/** The tools the server runs batches of (`POST /api/tools/{tool}/batches`). */
export const isServerBatchTool = (tool: ToolId): tool is BatchToolId =>
  (BATCH_TOOLS as readonly string[]).includes(tool);

/**
 * The tools whose page takes many images at once (issue 16): the image-in tools that make one
 * result of one image. Background removal runs its batch in the browser, one run per image.
 */
export const takesBatch = (tool: ToolId) => tool === 'background-removal' || isServerBatchTool(tool);

/** What a batch costs: the run's cost with these options, once per image, and whether the balance covers it. */
export function batchCost(tool: ToolId, imagesPerRun: number, inputs: number, balance: number | undefined) {
  const perInput = runCost(tool, imagesPerRun);
  const total = perInput * inputs;
  return { perInput, total, covered: balance === undefined ? undefined : balance >= total };
}

/**
 * Adds files to a batch's selection. More than `max` in all refuses the whole addition (the
 * selection stays as it was, nothing is dropped silently); the caller says so.
 */
export function addToBatch<T>(current: readonly T[], incoming: readonly T[], max: number) {
  if (current.length + incoming.length > max)
    return { files: current, refused: true as const, total: current.length + incoming.length };
  return { files: [...current, ...incoming], refused: false as const, total: current.length + incoming.length };
}

/** A file name without its extension ("shoe.front.jpg" → "shoe.front"); a name that is only an extension stays. */
function stem(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? name;
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base || 'image';
}

/**
 * The names of a batch's ZIP entries: each input's name with its result's extension
 * ("shoe.jpg" vectorized → "shoe.svg"); repeats made unique as "shoe (2).svg", as the server's
 * archive names them (GET /api/batches/{id}/archive).
 */
export function zipEntryNames(items: readonly { inputName: string; mediaType: string }[]): string[] {
  const taken = new Set<string>();
  return items.map(({ inputName, mediaType }) => {
    const ext = extensionOf(mediaType);
    const base = stem(inputName);
    let name = `${base}.${ext}`;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} (${n}).${ext}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

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

/**
 * A file name without its extension, safe inside a ZIP on every system: no folders, no control
 * or reserved characters ("shoe.front.jpg" → "shoe.front"); `fallback` when nothing is left.
 */
function safeStem(name: string, fallback: string): string {
  const base = name.replace(/\\/g, '/').split('/').pop() ?? '';
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base)
    .replace(/[<>:"/\\|?*]/g, '_')
    .replace(/\p{Cc}/gu, '_')
    .trim()
    .slice(0, 100);
  return stem && stem !== '.' && stem !== '..' ? stem : fallback;
}

/**
 * The names of a batch's ZIP entries, as the server's archive names them
 * (GET /api/batches/{id}/archive): each input's name with its result's extension ("shoe.jpg"
 * vectorized → "shoe.svg"), a run with several results numbered ("shoe-2.png"), repeats made
 * unique ("shoe (2).png"). One name per output, in order.
 */
export function zipEntryNames(items: readonly { inputName: string; outputs: readonly { mediaType: string }[] }[]) {
  const taken = new Set<string>();
  return items.flatMap(({ inputName, outputs }, i) => {
    const base = safeStem(inputName, `image-${i + 1}`);
    return outputs.map(({ mediaType }, n) => {
      const ext = extensionOf(mediaType);
      const stem = outputs.length > 1 ? `${base}-${n + 1}` : base;
      let name = `${stem}.${ext}`;
      for (let k = 2; taken.has(name.toLowerCase()); k++) name = `${stem} (${k}).${ext}`;
      taken.add(name.toLowerCase());
      return name;
    });
  });
}

import { BATCH_TOOLS, type BatchToolId, runCost, type ToolId } from '@atelier/contracts';

/** The tools the server runs batches of (`POST /api/tools/{tool}/batches`). */
export const isServerBatchTool = (tool: ToolId): tool is BatchToolId =>
  (BATCH_TOOLS as readonly string[]).includes(tool);

/**
 * The tools whose page takes many images at once: the image-in tools that make one
 * result of one image. Background removal runs its batch in the browser, one run per image.
 */
export const takesBatch = (tool: ToolId) => tool === 'background-removal' || isServerBatchTool(tool);

/**
 * What a batch costs: the run's cost with these options (nothing on the demo engine), once per
 * image, and whether the balance covers it.
 */
export function batchCost(
  tool: ToolId,
  imagesPerRun: number,
  inputs: number,
  balance: number | undefined,
  demo = false,
) {
  const perInput = runCost(tool, imagesPerRun, demo);
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

import type { Size } from './stage-view.ts';

/** The chosen input image with its own size (known before it is drawn, so the stage never jumps). */
export interface InputImage extends Size {
  url: string;
  name: string;
}

/**
 * What the stage shows: the input (the mask painter on inpainting), one output (before/after
 * when the tool takes an image and Compare is on), the mask sent, or every output in a grid.
 * The outputs may later be a batch's tiles: they are only a list here.
 */
export type StageShow = { kind: 'input' } | { kind: 'output'; index: number } | { kind: 'mask' } | { kind: 'grid' };

/** Where the stage starts when a run ends: a grid for several images, else the (first) result. */
export const showForResult = (outputs: number): StageShow =>
  outputs > 1 ? { kind: 'grid' } : { kind: 'output', index: 0 };

/** A `show` that fits what exists (after a reset or a new input, a result view falls back to the input). */
export function resolveShow(
  show: StageShow,
  outputs: number,
  input: InputImage | null,
  maskUrl: string | null,
): StageShow {
  if (show.kind === 'output' && show.index < outputs) return show;
  if (show.kind === 'grid' && outputs > 1) return show;
  if (show.kind === 'mask' && maskUrl && input && outputs > 0) return show;
  return outputs > 0 && !input ? showForResult(outputs) : { kind: 'input' };
}

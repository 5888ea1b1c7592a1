import type { ToolOptions } from '@atelier/contracts';
import { type EngineContext, EngineError, type EngineImage, type EngineInput, needImage } from '../engine.ts';
import { cutOutPixels, cutOutSubject } from './eraser/erase-background.ts';
import { inpaintWithOpenCv } from './inpaint/opencv-inpaint.ts';
import { applyPreset, type PhotoPreset } from './photo-editor/presets.ts';
import { composeSubjectOver, localBackdrop } from './replace-background/compose-subject.ts';
import { upscaleCrisp } from './upscale/esrgan-upscaler.ts';
import { traceToSvg } from './vectorize/trace-to-svg.ts';

/**
 * One run of a local model, on this thread: what a pool process executes (engine-worker.ts).
 * The options have already been routed: values with no local model went to the demo engine.
 */
export async function runLocalTool(input: EngineInput, context: EngineContext): Promise<EngineImage[]> {
  const image = () => needImage(input.images.image, 'image');
  switch (input.tool) {
    case 'ai-eraser':
      return [await cutOutSubject(image(), context)];
    case 'image-upscale':
      return [await upscaleCrisp(image(), context)];
    case 'vectorization':
      return [await traceToSvg(image(), context)];
    case 'ai-photo-editor': {
      const { editType, strength } = input.options as ToolOptions<'ai-photo-editor'>;
      return [await applyPreset(image(), editType as PhotoPreset, strength, context)];
    }
    case 'inpainting':
      return [await inpaintWithOpenCv(image(), needImage(input.images.mask, 'mask'), context)];
    case 'replace-background':
      return replaceBackground(
        image(),
        input.images.background_image,
        input.options as ToolOptions<'replace-background'>,
        context,
      );
    default:
      throw new EngineError('INTERNAL', `The local engine does not serve ${input.tool}`);
  }
}

/**
 * The subject cut out by ISNet, laid over the background the user chose — a colour, a gradient,
 * a blur of the original or their uploaded image — with a soft drop shadow unless turned off.
 * A background from a prompt needs a provider: the local engine hands those runs to the demo.
 */
async function replaceBackground(
  source: EngineImage,
  uploaded: EngineImage | undefined,
  options: ToolOptions<'replace-background'>,
  { onProgress, signal }: EngineContext,
): Promise<EngineImage[]> {
  const cutout = await cutOutPixels(source, { signal, onProgress: (p, stage) => onProgress(p * 0.8, stage) });
  signal.throwIfAborted();
  onProgress(82, 'background');
  const backdrop = await localBackdrop(source, options, uploaded);
  signal.throwIfAborted();
  onProgress(90, 'compositing');
  return [await composeSubjectOver(cutout, backdrop, { shadow: options.shadow })];
}

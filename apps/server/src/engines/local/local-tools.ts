import type { ToolOptions } from '@atelier/contracts';
import sharp from 'sharp';
import { gradientSvg, labelled } from '../demo/demo-images.ts';
import { type EngineContext, EngineError, type EngineImage, type EngineInput, needImage } from '../engine.ts';
import { cutOutSubject } from './eraser/erase-background.ts';
import { inpaintWithOpenCv } from './inpaint/opencv-inpaint.ts';
import { applyPreset, type PhotoPreset } from './photo-editor/presets.ts';
import { composeSubjectOver } from './replace-background/compose-subject.ts';
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
      return replaceBackground(image(), input.options as ToolOptions<'replace-background'>, context);
    default:
      throw new EngineError('INTERNAL', `The local engine does not serve ${input.tool}`);
  }
}

/**
 * The subject is cut out once, then laid over one background per requested image. Without a
 * provider the backgrounds are the demo's gradients of the prompt, so the result is labelled
 * as demo output; providers that generate backgrounds can use `composeSubjectOver` alike.
 */
async function replaceBackground(
  source: EngineImage,
  { prompt, n }: ToolOptions<'replace-background'>,
  { onProgress, signal }: EngineContext,
): Promise<EngineImage[]> {
  const cutout = await cutOutSubject(source, { signal, onProgress: (p, stage) => onProgress(p * 0.7, stage) });
  const outputs: EngineImage[] = [];
  for (let i = 0; i < n; i++) {
    signal.throwIfAborted();
    const svg = Buffer.from(gradientSvg(source.width, source.height, prompt, i));
    const background = await sharp(svg).png().toBuffer({ resolveWithObject: true });
    const composed = await composeSubjectOver(cutout, {
      data: background.data,
      mediaType: 'image/png',
      width: background.info.width,
      height: background.info.height,
    });
    outputs.push(await labelled(sharp(composed.data)));
    onProgress(70 + (25 * (i + 1)) / n, `background ${i + 1} of ${n}`);
  }
  return outputs;
}

import { LOCAL_ENGINE_ID, type ToolId, type ToolOptions } from '@atelier/contracts';
import sharp from 'sharp';
import { gradientSvg, labelled } from '../demo/demo-images.ts';
import { DemoEngine } from '../demo/demo-engine.ts';
import {
  type Engine,
  type EngineContext,
  EngineError,
  needImage,
  type EngineImage,
  type EngineInput,
  type EngineOutput,
} from '../engine.ts';
import { cutOutSubject } from './eraser/erase-background.ts';
import { inpaintWithOpenCv } from './inpaint/opencv-inpaint.ts';
import { applyPreset } from './photo-editor/presets.ts';
import { composeSubjectOver } from './replace-background/compose-subject.ts';
import { upscaleCrisp } from './upscale/esrgan-upscaler.ts';
import { traceToSvg } from './vectorize/trace-to-svg.ts';

/** The tools with an embedded default (DESIGN.md §5); the rest need a provider or the demo. */
export const LOCAL_TOOLS: readonly ToolId[] = [
  'ai-eraser',
  'image-upscale',
  'vectorization',
  'ai-photo-editor',
  'inpainting',
  'replace-background',
];

/**
 * The engines that run on Atelier's own CPU from what npm ships, fully offline: ISNet
 * segmentation (eraser, replace-background), ESRGAN ×2 (crisp upscale), vtracer
 * (vectorization), libvips presets (photo editor) and OpenCV inpainting. Models load on first
 * use and stay warm. Option values with no local model — creative upscale, custom photo edits —
 * go to the demo engine, whose output is marked as such.
 */
/** What the local engine hands to the demo engine: no offline model can do these. */
const LOCAL_DEMO_OPTIONS: Partial<Record<ToolId, Record<string, readonly string[]>>> = {
  'image-upscale': { upscaleType: ['creative'] },
  'ai-photo-editor': { editType: ['custom'] satisfies ToolOptions<'ai-photo-editor'>['editType'][] },
};

export class LocalEngine implements Engine {
  readonly id = LOCAL_ENGINE_ID;
  readonly kind = 'local' as const;

  constructor(private readonly fallback: Engine = new DemoEngine()) {}

  supports(tool: ToolId): boolean {
    return LOCAL_TOOLS.includes(tool);
  }

  demoOptions(tool: ToolId): Record<string, readonly string[]> {
    return LOCAL_DEMO_OPTIONS[tool] ?? {};
  }

  async run(input: EngineInput, context: EngineContext): Promise<EngineOutput[]> {
    const image = () => needImage(input.images.image, 'image');
    switch (input.tool) {
      case 'ai-eraser':
        return [await cutOutSubject(image(), context)];
      case 'image-upscale': {
        const { upscaleType } = input.options as ToolOptions<'image-upscale'>;
        if (LOCAL_DEMO_OPTIONS['image-upscale']?.upscaleType?.includes(upscaleType)) {
          return this.fallback.run(input, context);
        }
        return [await upscaleCrisp(image(), context)];
      }
      case 'vectorization':
        return [await traceToSvg(image(), context)];
      case 'ai-photo-editor': {
        const { editType, strength } = input.options as ToolOptions<'ai-photo-editor'>;
        // Every edit type but the ones listed in LOCAL_DEMO_OPTIONS is a local preset.
        if (editType === 'custom') return this.fallback.run(input, context);
        return [await applyPreset(image(), editType, strength, context)];
      }
      case 'inpainting':
        return [await inpaintWithOpenCv(image(), needImage(input.images.mask, 'mask'), context)];
      case 'replace-background':
        return this.replaceBackground(image(), input.options as ToolOptions<'replace-background'>, context);
      default:
        throw new EngineError('INTERNAL', `The local engine does not serve ${input.tool}`);
    }
  }

  /**
   * The subject is cut out once, then laid over one background per requested image. Without a
   * provider the backgrounds are the demo's gradients of the prompt, so the result is labelled
   * as demo output; providers that generate backgrounds can use `composeSubjectOver` alike.
   */
  private async replaceBackground(
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
}

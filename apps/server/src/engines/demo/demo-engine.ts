import { DEFAULT_SIZE, DEMO_ENGINE_ID, type ToolId, type ToolOptions } from '@atelier/contracts';
import sharp, { type Sharp } from 'sharp';
import type { Engine, EngineContext, EngineImage, EngineInput, EngineOutput } from '../engine.ts';
import { decode, drawPrompt, gradientSvg, labelled, pixelSvg } from './demo-images.ts';

const parseSize = (size: string) => size.split('x').map(Number) as [number, number];

/**
 * Serves every server-side tool until a local engine or a provider does: each
 * output is drawn from the inputs — a gradient of the prompt, or a visibly transformed copy
 * of the upload — with a "DEMO" badge, at the sizes and counts the options ask for.
 */
export class DemoEngine implements Engine {
  readonly id = DEMO_ENGINE_ID;
  readonly kind = 'demo' as const;

  supports(tool: ToolId): boolean {
    return tool !== 'background-removal';
  }

  async run(input: EngineInput, { onProgress, signal }: EngineContext): Promise<EngineOutput[]> {
    onProgress(10, 'reading inputs');
    const count = 'n' in input.options && typeof input.options.n === 'number' ? input.options.n : 1;
    const outputs: EngineImage[] = [];
    for (let i = 0; i < count; i++) {
      signal.throwIfAborted();
      outputs.push(await this.draw(input, i));
      onProgress(10 + Math.round((80 * (i + 1)) / count), `image ${i + 1} of ${count}`);
    }
    return outputs;
  }

  private async draw(input: EngineInput, index: number): Promise<EngineImage> {
    const image = input.images.image;
    const prompt = 'prompt' in input.options && typeof input.options.prompt === 'string' ? input.options.prompt : '';
    switch (input.tool) {
      case 'image-generation': {
        const [w, h] = parseSize((input.options as ToolOptions<'image-generation'>).size ?? DEFAULT_SIZE);
        return drawPrompt(prompt, w, h, index);
      }
      case 'style-creation': {
        const reference = input.images.reference_image;
        if (!reference) return drawPrompt(prompt, 1024, 1024, index);
        return this.overlay(decode(reference).resize(1024, 1024, { fit: 'cover' }), prompt, index, 0.5);
      }
      case 'vector-generation':
        return pixelSvg(sharp(Buffer.from(gradientSvg(256, 256, prompt, index))), 1024, 1024, 12);
      case 'vectorization': {
        const src = need(image);
        const w = 1024;
        return pixelSvg(decode(src), w, Math.max(1, Math.round((w * src.height) / src.width)));
      }
      case 'image-to-image': {
        const { strength } = input.options as ToolOptions<'image-to-image'>;
        return this.overlay(decode(need(image)), prompt, index, Math.max(0.15, strength));
      }
      case 'replace-background': {
        const src = need(image);
        const subject = await decode(src)
          .resize(Math.round(src.width * 0.7), Math.round(src.height * 0.7))
          .png()
          .toBuffer();
        const background = sharp(Buffer.from(gradientSvg(src.width, src.height, prompt, index)));
        return labelled(background.composite([{ input: subject, gravity: 'center' }]));
      }
      case 'image-upscale': {
        const src = need(image);
        const { upscaleType } = input.options as ToolOptions<'image-upscale'>;
        const up = decode(src).resize(src.width * 2, src.height * 2, { kernel: 'lanczos3' });
        return labelled(upscaleType === 'creative' ? up.sharpen({ sigma: 2 }) : up);
      }
      case 'ai-eraser':
        return this.ellipseCutout(need(image));
      case 'ai-photo-editor':
        return labelled(this.photoEdit(need(image), input.options as ToolOptions<'ai-photo-editor'>));
      case 'inpainting':
        return this.blurMasked(need(image), need(input.images.mask));
      default:
        throw new Error(`The demo engine does not serve ${input.tool}`);
    }
  }

  /** The upload seen through a translucent gradient of the prompt. */
  private async overlay(base: Sharp, prompt: string, index: number, opacity: number) {
    const { data, info } = await base.png().toBuffer({ resolveWithObject: true });
    const tint = Buffer.from(gradientSvg(info.width, info.height, prompt, index, opacity));
    return labelled(sharp(data).composite([{ input: tint }]));
  }

  /** "Erases the background": keeps an ellipse in the middle, the rest becomes transparent. */
  private async ellipseCutout(src: EngineImage) {
    const { width: w, height: h } = src;
    const mask = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><ellipse cx="${w / 2}" cy="${h / 2}" rx="${w * 0.38}" ry="${h * 0.42}" fill="#fff"/></svg>`,
    );
    return labelled(
      decode(src)
        .ensureAlpha()
        .composite([{ input: mask, blend: 'dest-in' }]),
    );
  }

  private photoEdit(src: EngineImage, { editType, strength }: ToolOptions<'ai-photo-editor'>) {
    const img = decode(src);
    switch (editType) {
      case 'brighten':
        return img.modulate({ brightness: 1 + 0.5 * strength });
      case 'sharpen':
        return img.sharpen({ sigma: 1 + 2 * strength });
      case 'color_correct':
        return img.normalize().modulate({ saturation: 1 + 0.3 * strength });
      case 'artistic':
        return img.modulate({ hue: Math.round(180 * strength), saturation: 1.5 });
      case 'custom':
        return img.modulate({ hue: Math.round(90 * strength) }).sharpen();
      default:
        return img
          .normalize()
          .modulate({ saturation: 1 + 0.2 * strength })
          .sharpen();
    }
  }

  /** Classical stand-in for inpainting: the masked (white) area is replaced by a blur. */
  private async blurMasked(src: EngineImage, mask: EngineImage) {
    const { width, height } = src;
    const alpha = await decode(mask).resize(width, height, { fit: 'fill' }).greyscale().raw().toBuffer();
    // sharp orders the operations of one pipeline itself: blur and joinChannel go in two steps.
    const blurred = await decode(src)
      .removeAlpha()
      .blur(Math.max(4, Math.round(Math.min(width, height) / 40)))
      .raw()
      .toBuffer();
    const patch = await sharp(blurred, { raw: { width, height, channels: 3 } })
      .joinChannel(alpha, { raw: { width, height, channels: 1 } })
      .png()
      .toBuffer();
    return labelled(decode(src).composite([{ input: patch }]));
  }
}

function need(image: EngineImage | undefined): EngineImage {
  if (!image) throw new Error('The run has no input image');
  return image;
}

import { CRISP_UPSCALE_FACTOR } from '@atelier/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { asEngineImage, increasing, photoBytes, recordingContext } from '../../../../test/support/photos.ts';
import { psnr, qualityImages } from '../../../../test/support/quality-images.ts';
import { upscalerJsBaseline } from '../../../../test/support/upscalerjs-baseline.ts';
import { upscaleCrisp } from './esrgan-upscaler.ts';

describe('upscaleCrisp (ESRGAN ×2 on onnxruntime)', () => {
  it('doubles a 128² photo with alpha, keeping the alpha, tile by tile', async () => {
    // A 128² crop of a photo, with a transparent left half.
    const rgb = await sharp(photoBytes('astronaut.jpg')).resize(128, 128).raw().toBuffer();
    const alpha = Buffer.alloc(128 * 128);
    for (let i = 0; i < alpha.length; i++) alpha[i] = i % 128 < 64 ? 0 : 255;
    const png = await sharp(rgb, { raw: { width: 128, height: 128, channels: 3 } })
      .joinChannel(alpha, { raw: { width: 128, height: 128, channels: 1 } })
      .png()
      .toBuffer();

    const context = recordingContext();
    const out = await upscaleCrisp(await asEngineImage(png), context);
    const side = 128 * CRISP_UPSCALE_FACTOR;
    expect(out).toMatchObject({ width: side, height: side, mediaType: 'image/png' });

    const upAlpha = await sharp(out.data).extractChannel(3).raw().toBuffer();
    expect(upAlpha[side * 100 + 20]).toBe(0); // left half still transparent
    expect(upAlpha[side * 100 + side - 20]).toBe(255); // right half still opaque

    // Colour follows the source: back at the source's size, the opaque half is close to it.
    const down = await sharp(out.data).extractChannel(0).resize(128, 128).raw().toBuffer();
    let diff = 0;
    let count = 0;
    for (let i = 0; i < down.length; i++) {
      if (i % 128 < 72) continue;
      diff += Math.abs(down[i]! - rgb[i * 3]!);
      count++;
    }
    expect(diff / count).toBeLessThan(12);

    expect(increasing(context.percents)).toBe(true);
    expect(context.stages).toContain('tile 1 of 1');
  });

  it('gives the pixels UpscalerJS gives with the same weights: PSNR ≥ 40 dB on photo, illustration, text, portrait', async () => {
    const reference = await upscalerJsBaseline();
    for (const { name, image } of await qualityImages()) {
      const context = recordingContext();
      const ours = await sharp((await upscaleCrisp(image, context)).data)
        .removeAlpha()
        .raw()
        .toBuffer();
      const rgb = await sharp(image.data).removeAlpha().raw().toBuffer();
      const theirs = await reference(rgb, image.width, image.height);
      expect({ name, psnr: psnr(ours, theirs) }).toMatchObject({ name, psnr: expect.any(Number) });
      expect(psnr(ours, theirs), name).toBeGreaterThanOrEqual(40);
      // Larger images go tile by tile, each reported.
      if (name === 'photo') expect(context.stages).toContain('tile 4 of 4');
    }
  }, 120_000);
});

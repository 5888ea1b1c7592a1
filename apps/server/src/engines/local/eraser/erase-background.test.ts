import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { squareMaskedImage, storedReferenceMask } from '../../../../test/support/isnet-reference.ts';
import { increasing, photo, recordingContext } from '../../../../test/support/photos.ts';
import { maskIoU, qualityImages } from '../../../../test/support/quality-images.ts';
import type { EngineImage } from '../../engine.ts';
import { readPlanes } from '../image-io.ts';
import { segmentSubject } from '../segmentation/isnet-session.ts';
import { cutOutSubject } from './erase-background.ts';

describe('cutOutSubject (ISNet on onnxruntime-node)', () => {
  it('erases the background of a photo of a cat: PNG with alpha, subject opaque', async () => {
    const source = await photo('chelsea.jpg');
    const context = recordingContext();
    const out = await cutOutSubject(source, context);
    expect(out).toMatchObject({ mediaType: 'image/png', width: source.width, height: source.height });

    const { data: alpha, info } = await sharp(out.data).extractChannel(3).raw().toBuffer({ resolveWithObject: true });
    const transparent = alpha.filter((a) => a < 128).length / alpha.length;
    expect(transparent).toBeGreaterThan(0.1);
    expect(transparent).toBeLessThan(0.9);
    // The cat fills the middle of the frame; the top-right corner is the blue backdrop.
    expect(alpha[Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)]).toBeGreaterThan(240);
    expect(alpha[5 * info.width + info.width - 5]).toBeLessThan(16);

    expect(increasing(context.percents)).toBe(true);
    expect(context.stages).toContain('segmenting');
  });

  it("keeps an upload's own transparency: both alphas multiply", async () => {
    const cat = await photo('chelsea.jpg');
    const { width, height } = cat;
    // The cat photo as a PNG with a fully transparent vertical strip through the cat.
    const strip = { from: Math.floor(width / 2) - 8, to: Math.floor(width / 2) + 8 };
    const alpha = Buffer.alloc(width * height, 255);
    for (let y = 0; y < height; y++) alpha.fill(0, y * width + strip.from, y * width + strip.to);
    const data = await sharp(cat.data)
      .joinChannel(alpha, { raw: { width, height, channels: 1 } })
      .png()
      .toBuffer();
    const alphaOf = async (image: EngineImage) =>
      sharp((await cutOutSubject(image, recordingContext())).data)
        .extractChannel(3)
        .raw()
        .toBuffer();
    const opaque = await alphaOf(cat);
    const holed = await alphaOf({ ...cat, data, mediaType: 'image/png' });
    const centre = Math.floor(height / 2) * width + Math.floor(width / 2);
    expect(opaque[centre]).toBeGreaterThan(240);
    expect(holed[centre]).toBe(0);
    // Outside the strip the mask is the same: ISNet sees the colours, not the alpha.
    const outside = (_: number, i: number) => i % width < strip.from || i % width >= strip.to;
    expect(holed.filter(outside)).toEqual(opaque.filter(outside));
  });
});

describe('segmentSubject (ISNet, graph prepared for the CPU)', () => {
  /** The mask ISNet gives a masked image, against the model's own (isnet-reference.ts). */
  const maskMatch = async ({ name, image }: { name: string; image: EngineImage }) => {
    const { alpha, width, height } = await segmentSubject(await readPlanes(image), new AbortController().signal);
    expect({ name, width, height }).toEqual({ name, width: image.width, height: image.height });
    return maskIoU(alpha, await storedReferenceMask(name, image));
  };

  it('gives the mask of the model as shipped: IoU ≥ 0.99 on photo, illustration, text, portrait', async () => {
    for (const masked of await qualityImages()) {
      expect(await maskMatch(masked), masked.name).toBeGreaterThanOrEqual(0.99);
    }
  }, 240_000);

  it('gives the same mask to an image already 1024², which is segmented without resampling', async () => {
    expect(await maskMatch(await squareMaskedImage())).toBeGreaterThanOrEqual(0.99);
  }, 120_000);
});

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { referenceMask } from '../../../../test/isnet-reference.ts';
import { increasing, photo, recordingContext } from '../../../../test/photos.ts';
import { maskIoU, qualityImages } from '../../../../test/quality-images.ts';
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
});

describe('segmentSubject (ISNet, graph prepared for the CPU)', () => {
  it('gives the mask of the model as shipped: IoU ≥ 0.99 on photo, illustration, text, portrait', async () => {
    for (const { name, image } of await qualityImages()) {
      const { alpha, width, height } = await segmentSubject(image, new AbortController().signal);
      expect({ name, width, height }).toEqual({ name, width: image.width, height: image.height });
      expect(maskIoU(alpha, await referenceMask(image)), name).toBeGreaterThanOrEqual(0.99);
    }
  }, 240_000);
});

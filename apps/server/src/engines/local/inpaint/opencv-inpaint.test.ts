import { MASK_RESIZED_STAGE } from '@atelier/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { asEngineImage, increasing, photoBytes, recordingContext } from '../../../../test/support/photos.ts';
import { inpaintWithOpenCv } from './opencv-inpaint.ts';

const SQUARE = { left: 300, top: 40, width: 24, height: 24 };

/** A mask of `width`×`height` that is white on the square scaled by `scale`. */
const maskOf = (width: number, height: number, scale = 1) =>
  sharp({ create: { width, height, channels: 3, background: '#000' } })
    .composite([
      {
        input: {
          create: { width: SQUARE.width * scale, height: SQUARE.height * scale, channels: 3, background: '#fff' },
        },
        left: SQUARE.left * scale,
        top: SQUARE.top * scale,
      },
    ])
    .png()
    .toBuffer();

/** Mean absolute difference inside the square. */
async function squareDifference(a: Buffer, b: Buffer) {
  const crop = (img: Buffer) => sharp(img).extract(SQUARE).removeAlpha().raw().toBuffer();
  const [x, y] = await Promise.all([crop(a), crop(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
}

describe('inpaintWithOpenCv', () => {
  it('fills a masked square from its surroundings', async () => {
    const original = photoBytes('coffee.jpg');
    const { width, height } = await sharp(original).metadata();
    // A magenta blotch on the photo, where the mask is white.
    const damaged = await sharp(original)
      .composite([
        {
          input: { create: { width: SQUARE.width, height: SQUARE.height, channels: 3, background: '#ff00ff' } },
          left: SQUARE.left,
          top: SQUARE.top,
        },
      ])
      .png()
      .toBuffer();
    const context = recordingContext();
    const out = await inpaintWithOpenCv(
      await asEngineImage(damaged),
      await asEngineImage(await maskOf(width!, height!)),
      context,
    );
    expect(out).toMatchObject({ width, height, mediaType: 'image/png' });
    const before = await squareDifference(damaged, original);
    const after = await squareDifference(out.data, original);
    expect(before).toBeGreaterThan(60);
    expect(after).toBeLessThan(before / 4);
    expect(context.stages).not.toContain(MASK_RESIZED_STAGE);
    expect(increasing(context.percents)).toBe(true);
  });

  it('stretches a mask of another size to the image and says so', async () => {
    const image = await asEngineImage(photoBytes('coffee.jpg'));
    const halfMask = await asEngineImage(await maskOf(image.width / 2, image.height / 2, 0.5));
    const context = recordingContext();
    const out = await inpaintWithOpenCv(image, halfMask, context);
    expect(out).toMatchObject({ width: image.width, height: image.height, mediaType: 'image/jpeg' });
    expect(context.stages).toContain(MASK_RESIZED_STAGE);
  });
});

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { asEngineImage } from '../../../../test/support/photos.ts';
import { readPlanes } from '../image-io.ts';
import { composeSubjectOver } from './compose-subject.ts';

describe('composeSubjectOver', () => {
  it('lays the cut-out subject over a background scaled to its frame', async () => {
    // A red subject in the middle of a transparent 100×80 frame.
    const cutout = await sharp({ create: { width: 100, height: 80, channels: 4, background: '#0000' } })
      .composite([
        { input: { create: { width: 40, height: 40, channels: 4, background: '#ff0000' } }, left: 30, top: 20 },
      ])
      .png()
      .toBuffer();
    const background = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#0000ff' } })
      .png()
      .toBuffer();

    const { rgb, alpha, width, height } = await readPlanes(await asEngineImage(cutout));
    const out = await composeSubjectOver({ rgb, alpha: alpha!, width, height }, await asEngineImage(background));
    expect(out).toMatchObject({ width: 100, height: 80, mediaType: 'image/png' });
    const { data, info } = await sharp(out.data).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray((y * 100 + x) * info.channels, (y * 100 + x) * info.channels + 3),
    ];
    expect(at(50, 40)).toEqual([255, 0, 0]); // the subject
    expect(at(5, 5)).toEqual([0, 0, 255]); // the new background
  });

  it('takes a greyscale background, with the shadow under the subject', async () => {
    const rgb = Buffer.alloc(100 * 80 * 3, 255); // a white subject…
    const alpha = Buffer.alloc(100 * 80);
    for (let y = 20; y < 60; y++) alpha.fill(255, y * 100 + 30, y * 100 + 70); // …40×40 in the middle
    const grey = await sharp({ create: { width: 50, height: 40, channels: 3, background: '#808080' } })
      .toColourspace('b-w')
      .png()
      .toBuffer();
    const out = await composeSubjectOver({ rgb, alpha, width: 100, height: 80 }, await asEngineImage(grey), {
      shadow: true,
    });
    const { data, info } = await sharp(out.data).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data[(y * 100 + x) * info.channels]!;
    expect(at(50, 40)).toBe(255); // the subject
    expect(at(5, 5)).toBe(128); // the grey background
    expect(at(50, 62)).toBeLessThan(128); // the shadow just below the subject darkens it
  });
});

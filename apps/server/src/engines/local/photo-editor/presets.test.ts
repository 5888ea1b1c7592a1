import { PHOTO_EDIT_TYPES } from '@atelier/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { increasing, meanDifference, photo, recordingContext } from '../../../../test/support/photos.ts';
import { applyPreset, type PhotoPreset } from './presets.ts';

const PRESETS = PHOTO_EDIT_TYPES.filter((t): t is PhotoPreset => t !== 'custom');

describe('photo editor presets', () => {
  it('enhance keeps the size and changes a photo more at strength 1 than at 0.1', async () => {
    const source = await photo('coffee.jpg');
    const context = recordingContext();
    const weak = await applyPreset(source, 'enhance', 0.1, recordingContext());
    const strong = await applyPreset(source, 'enhance', 1, context);
    expect(strong).toMatchObject({ width: source.width, height: source.height, mediaType: 'image/jpeg' });
    const weakChange = await meanDifference(source.data, weak.data);
    const strongChange = await meanDifference(source.data, strong.data);
    expect(strongChange).toBeGreaterThan(2 * weakChange);
    expect(strongChange).toBeGreaterThan(3);
    expect(increasing(context.percents)).toBe(true);
  });

  it.each(PRESETS)('%s visibly changes the photo', async (preset) => {
    const source = await photo('astronaut.jpg');
    const out = await applyPreset(source, preset, 1, recordingContext());
    expect(await meanDifference(source.data, out.data)).toBeGreaterThan(2);
  });

  it('brighten raises the mean brightness', async () => {
    const source = await photo('chelsea.jpg');
    const out = await applyPreset(source, 'brighten', 0.7, recordingContext());
    const mean = async (data: Buffer) => (await sharp(data).greyscale().stats()).channels[0]!.mean;
    expect(await mean(out.data)).toBeGreaterThan((await mean(source.data)) + 10);
  });

  it('keeps the alpha of a PNG with transparency', async () => {
    const source = await photo('logo.png');
    const out = await applyPreset(source, 'artistic', 0.5, recordingContext());
    expect(out.mediaType).toBe('image/png');
    const alpha = async (data: Buffer) => sharp(data).ensureAlpha().extractChannel(3).raw().toBuffer();
    expect((await alpha(out.data)).equals(await alpha(source.data))).toBe(true);
  });
});

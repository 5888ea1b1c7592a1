import { describe, expect, it } from 'vitest';
import { addToBatch, batchCost, takesBatch, zipEntryNames } from './batch-plan.ts';

describe('batch plan', () => {
  it('offers batches on the one-image tools only', () => {
    expect(takesBatch('image-upscale')).toBe(true);
    expect(takesBatch('background-removal')).toBe(true);
    expect(takesBatch('inpainting')).toBe(false);
    expect(takesBatch('image-generation')).toBe(false);
  });

  it('costs the run once per image and says whether the balance covers it', () => {
    expect(batchCost('vectorization', 1, 3, 5)).toEqual({ perInput: 1, total: 3, covered: true });
    expect(batchCost('vectorization', 1, 3, 2)).toEqual({ perInput: 1, total: 3, covered: false });
    // replace-background charges per generated image: 2 per input here.
    expect(batchCost('replace-background', 2, 4, 8)).toEqual({ perInput: 2, total: 8, covered: true });
    expect(batchCost('ai-eraser', 1, 2, undefined).covered).toBeUndefined();
  });

  it('refuses an addition past the limit whole, keeping the selection', () => {
    expect(addToBatch(['a'], ['b', 'c'], 3)).toEqual({ files: ['a', 'b', 'c'], refused: false, total: 3 });
    const over = addToBatch(['a', 'b'], ['c', 'd'], 3);
    expect(over).toEqual({ files: ['a', 'b'], refused: true, total: 4 });
  });

  it('names ZIP entries as the server’s archive does', () => {
    const one = (inputName: string, mediaType = 'image/png') => ({ inputName, outputs: [{ mediaType }] });
    expect(
      zipEntryNames([
        one('shoe.jpg'),
        one('shoe.png'),
        one('Shoe.webp'),
        one('logo.front.jpeg', 'image/svg+xml'),
        one('photo', 'image/jpeg'),
        one('.png', 'image/webp'),
        one('C:\\photos\\a:b?.png'),
        { inputName: 'bag.jpg', outputs: [{ mediaType: 'image/png' }, { mediaType: 'image/png' }] },
      ]),
    ).toEqual([
      'shoe.png',
      'shoe (2).png',
      'Shoe (3).png',
      'logo.front.svg',
      'photo.jpg',
      '.png.webp',
      'a_b_.png',
      'bag-1.png',
      'bag-2.png',
    ]);
  });
});

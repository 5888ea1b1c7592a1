import { describe, expect, it } from 'vitest';
import { addToBatch, batchCost, takesBatch } from './batch-plan.ts';

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

  it('costs a batch on the demo engine nothing, whatever the balance', () => {
    expect(batchCost('image-upscale', 1, 5, 0, true)).toEqual({ perInput: 0, total: 0, covered: true });
  });

  it('refuses an addition past the limit whole, keeping the selection', () => {
    expect(addToBatch(['a'], ['b', 'c'], 3)).toEqual({ files: ['a', 'b', 'c'], refused: false, total: 3 });
    const over = addToBatch(['a', 'b'], ['c', 'd'], 3);
    expect(over).toEqual({ files: ['a', 'b'], refused: true, total: 4 });
  });
});

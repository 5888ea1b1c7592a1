import { describe, expect, it } from 'vitest';
import ndarray from './ndarray-without-eval.ts';

describe('ndarray without eval', () => {
  it('reads and writes row-major HWC and BCHW tensors', () => {
    const hwc = ndarray(new Uint8Array(2 * 3 * 4), [2, 3, 4]);
    hwc.set(1, 2, 3, 200);
    expect(hwc.data[1 * 12 + 2 * 4 + 3]).toBe(200);
    expect(hwc.get(1, 2, 3)).toBe(200);
    const bchw = ndarray(new Float32Array(1 * 3 * 2 * 2), [1, 3, 2, 2]);
    bchw.set(0, 2, 1, 1, 0.5);
    expect(bchw.get(0, 2, 1, 1)).toBe(0.5);
    expect(bchw.data[11]).toBe(0.5);
    expect(ndarray(new Uint8Array(4), [2, 2]).get(1, 1)).toBe(0);
  });
});

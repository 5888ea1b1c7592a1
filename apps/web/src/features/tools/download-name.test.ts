import { describe, expect, it } from 'vitest';
import { downloadName } from './download-name.ts';

describe('downloadName', () => {
  it('names downloads as the spec does, SVG as .svg', () => {
    expect(downloadName('edited-photo', 'image/png', 0, 42)).toBe('edited-photo-42.png');
    expect(downloadName('vectorized-image', 'image/svg+xml', 0, 42)).toBe('vectorized-image-42.svg');
    expect(downloadName('generated-image', 'image/png', 2, 42)).toBe('generated-image-42-3.png');
  });
});

import { describe, expect, it } from 'vitest';
import {
  conversionFor,
  defaultFormat,
  downloadFormats,
  formatOfMediaType,
  hasTransparency,
} from './download-formats.ts';
import { downloadName } from './download-name.ts';

describe('downloadFormats', () => {
  it('offers JPEG only for an opaque result', () => {
    expect(downloadFormats('image/png', false)).toEqual(['png', 'jpeg', 'webp']);
    expect(downloadFormats('image/png', true)).toEqual(['png', 'webp']);
    expect(downloadFormats('image/png', undefined)).toEqual(['png', 'webp']);
  });

  it('keeps an SVG result SVG', () => {
    expect(downloadFormats('image/svg+xml', false)).toEqual(['svg']);
    expect(downloadFormats('image/svg+xml; charset=utf-8', undefined)).toEqual(['svg']);
  });

  it("starts from the result's own format when offered", () => {
    expect(defaultFormat('image/jpeg', ['png', 'jpeg', 'webp'])).toBe('jpeg');
    expect(defaultFormat('image/jpeg', ['png', 'webp'])).toBe('png');
    expect(defaultFormat('image/svg+xml', ['svg'])).toBe('svg');
  });
});

describe('conversionFor', () => {
  it('does not convert a result already in the chosen format', () => {
    expect(conversionFor('image/png', 'png')).toEqual({ convert: false });
    expect(formatOfMediaType('IMAGE/JPEG')).toBe('jpeg');
  });

  it('puts JPEG on white and encodes the lossy formats at a high quality', () => {
    expect(conversionFor('image/png', 'jpeg')).toEqual({
      convert: true,
      mediaType: 'image/jpeg',
      quality: 0.92,
      background: '#ffffff',
    });
    expect(conversionFor('image/png', 'webp')).toMatchObject({ mediaType: 'image/webp', background: undefined });
    expect(conversionFor('image/webp', 'png')).toMatchObject({ mediaType: 'image/png', quality: undefined });
  });

  it('never turns a raster result into SVG', () => {
    expect(() => conversionFor('image/png', 'svg')).toThrow();
  });
});

describe('hasTransparency', () => {
  it('is true when any pixel is not fully opaque', () => {
    expect(hasTransparency(new Uint8ClampedArray([1, 2, 3, 255, 4, 5, 6, 255]))).toBe(false);
    expect(hasTransparency(new Uint8ClampedArray([1, 2, 3, 255, 4, 5, 6, 254]))).toBe(true);
  });
});

describe('downloadName', () => {
  it('names downloads as the spec does, with the extension of the chosen format', () => {
    expect(downloadName('edited-photo', 'image/png', 0, 42)).toBe('edited-photo-42.png');
    expect(downloadName('edited-photo', 'image/jpeg', 0, 42)).toBe('edited-photo-42.jpg');
    expect(downloadName('edited-photo', 'image/webp', 0, 42)).toBe('edited-photo-42.webp');
    expect(downloadName('vectorized-image', 'image/svg+xml', 0, 42)).toBe('vectorized-image-42.svg');
    expect(downloadName('generated-image', 'image/png', 2, 42)).toBe('generated-image-42-3.png');
  });
});

import { describe, expect, it } from 'vitest';
import { acceptedAnswers } from './accept-image.ts';

describe('Accept on a run start', () => {
  it('asks for the image only when an image range is named with q above 0', () => {
    expect(acceptedAnswers(undefined).image).toBe(false);
    expect(acceptedAnswers('application/json').image).toBe(false);
    expect(acceptedAnswers('*/*').image).toBe(false);
    expect(acceptedAnswers('image/*').image).toBe(true);
    expect(acceptedAnswers('application/json, image/png;q=0.5').image).toBe(true);
    expect(acceptedAnswers('image/png;q=0').image).toBe(false);
  });

  it('accepts an output by its media type, the most specific range deciding', () => {
    const png = acceptedAnswers('image/png');
    expect(png.acceptsImage('image/png')).toBe(true);
    expect(png.acceptsImage('image/svg+xml')).toBe(false);
    const anyButSvg = acceptedAnswers('image/svg+xml;q=0, image/*');
    expect(anyButSvg.acceptsImage('image/webp')).toBe(true);
    expect(anyButSvg.acceptsImage('image/svg+xml')).toBe(false);
    expect(acceptedAnswers('IMAGE/PNG').acceptsImage('image/png')).toBe(true);
    expect(acceptedAnswers('image/png, */*;q=0.1').acceptsImage('image/svg+xml')).toBe(true);
  });

  it('takes application/json named beside an image range as the fallback', () => {
    expect(acceptedAnswers('image/png, application/json').json).toBe(true);
    expect(acceptedAnswers('image/png, */*').json).toBe(false);
    expect(acceptedAnswers('image/png, application/json;q=0').json).toBe(false);
  });
});

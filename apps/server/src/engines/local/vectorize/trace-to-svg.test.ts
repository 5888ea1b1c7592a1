import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { increasing, photo, recordingContext } from '../../../../test/support/photos.ts';
import { traceToSvg } from './trace-to-svg.ts';

describe('traceToSvg', () => {
  it('vectorizes a logo into an SVG of paths, with nothing executable, that renders', async () => {
    const source = await photo('logo.png');
    const context = recordingContext();
    const out = await traceToSvg(source, context);
    const svg = out.data.toString('utf8');
    expect(out).toMatchObject({ mediaType: 'image/svg+xml', width: source.width, height: source.height });
    expect(svg.match(/<path /g)?.length).toBeGreaterThan(20);
    expect(svg).not.toMatch(/<script|<foreignObject|\son\w+=|javascript:|href="(?!#)/i);
    expect(increasing(context.percents)).toBe(true);

    // Rendered by libvips (librsvg), the trace looks like the logo on white.
    const render = async (data: Buffer) =>
      sharp(data).flatten({ background: '#fff' }).resize(64, 64, { fit: 'fill' }).removeAlpha().raw().toBuffer();
    const [traced, original] = await Promise.all([render(out.data), render(source.data)]);
    let diff = 0;
    for (let i = 0; i < traced.length; i++) diff += Math.abs(traced[i]! - original[i]!);
    expect(diff / traced.length).toBeLessThan(20);
  });
});

import { type ToolId, toolOptionSchemas } from '@atelier/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { EngineImage, EngineOutput } from '../engine.ts';
import { DemoEngine } from './demo-engine.ts';

async function picture(width: number, height: number, svg: string): Promise<EngineImage> {
  const data = await sharp({ create: { width, height, channels: 3, background: '#4a8' } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}">${svg}</svg>`) }])
    .png()
    .toBuffer();
  return { data, mediaType: 'image/png', width, height };
}

const cases: [ToolId, object, { mediaType: string; width: number; height: number; count: number }][] = [
  [
    'image-generation',
    { prompt: 'a lighthouse', size: '1365x1024', n: 2 },
    { mediaType: 'image/png', width: 1365, height: 1024, count: 2 },
  ],
  ['vector-generation', { prompt: 'a fox' }, { mediaType: 'image/svg+xml', width: 1024, height: 1024, count: 1 }],
  ['style-creation', { prompt: 'oil' }, { mediaType: 'image/png', width: 1024, height: 1024, count: 1 }],
  ['image-to-image', { prompt: 'neon', n: 3 }, { mediaType: 'image/png', width: 300, height: 200, count: 3 }],
  ['inpainting', { prompt: 'sky' }, { mediaType: 'image/png', width: 300, height: 200, count: 1 }],
  ['vectorization', {}, { mediaType: 'image/svg+xml', width: 1024, height: 683, count: 1 }],
  ['image-upscale', { upscaleType: 'creative' }, { mediaType: 'image/png', width: 600, height: 400, count: 1 }],
  ['ai-eraser', {}, { mediaType: 'image/png', width: 300, height: 200, count: 1 }],
  ['ai-photo-editor', { editType: 'brighten' }, { mediaType: 'image/png', width: 300, height: 200, count: 1 }],
  ['replace-background', { prompt: 'a beach', n: 2 }, { mediaType: 'image/png', width: 300, height: 200, count: 2 }],
];

describe('demo engine', () => {
  const engine = new DemoEngine();
  const run = async (tool: ToolId, options: object, progress: number[] = []) => {
    const images = {
      image: await picture(300, 200, '<circle cx="150" cy="100" r="60" fill="#c33"/>'),
      mask: await picture(
        300,
        200,
        '<rect width="300" height="200"/><rect x="60" y="50" width="100" height="100" fill="#fff"/>',
      ),
    };
    return engine.run(
      { tool, options: toolOptionSchemas[tool].parse(options) as never, images },
      { onProgress: (p) => progress.push(p), signal: new AbortController().signal },
    );
  };
  const image = (o: EngineOutput) => o as EngineImage;

  it.each(cases)('draws %s at the requested size and count, with real stage progress', async (tool, options, want) => {
    const progress: number[] = [];
    const outputs = (await run(tool, options, progress)).map(image);
    expect(outputs).toHaveLength(want.count);
    for (const out of outputs) {
      expect(out).toMatchObject({ mediaType: want.mediaType, width: want.width, height: want.height });
      const meta = await sharp(out.data).metadata();
      expect([meta.width, meta.height]).toEqual([want.width, want.height]);
    }
    expect(progress[0]).toBe(10);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(90);
  });

  it('is deterministic, labelled DEMO, and varies with the prompt and the image index', async () => {
    const [a1, a2] = (await run('image-generation', { prompt: 'same', n: 2 })).map(image);
    const [b1] = (await run('image-generation', { prompt: 'same', n: 1 })).map(image);
    const [c1] = (await run('image-generation', { prompt: 'other', n: 1 })).map(image);
    expect(a1!.data.equals(b1!.data)).toBe(true);
    expect(a1!.data.equals(a2!.data)).toBe(false);
    expect(a1!.data.equals(c1!.data)).toBe(false);
    const [svg] = (await run('vector-generation', { prompt: 'logo' })).map(image);
    expect(svg!.data.toString()).toContain('>DEMO<');
  });

  it('keeps the unmasked part of the image when inpainting', async () => {
    const [out] = (await run('inpainting', { prompt: 'sky' })).map(image);
    const { data } = await sharp(out!.data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * 300 + x) * 3, (y * 300 + x) * 3 + 3)];
    expect(at(290, 190)).toEqual([0x44, 0xaa, 0x88]); // outside the mask: untouched
    // Inside, on the edge of the red circle: a blend of red and green.
    expect(at(90, 100)).not.toEqual([0xcc, 0x33, 0x33]);
    expect(at(90, 100)).not.toEqual([0x44, 0xaa, 0x88]);
  });
});

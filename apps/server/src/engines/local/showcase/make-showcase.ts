import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ToolId } from '@atelier/contracts';
import sharp from 'sharp';
import type { EngineImage, EngineInput } from '../../engine.ts';
import { runLocalTool } from '../local-tools.ts';

/**
 * The home page's before/after pictures: real results of the local engines on the bundled
 * sample photos, made when the web app is built (apps/web/build/home-showcase.ts runs this file), never
 * stock art. Each pair is written as small WebP files with their sizes, so the page reserves
 * their place before they load.
 *
 *   node --import tsx apps/server/src/engines/local/showcase/make-showcase.ts <samples> <out>
 *
 * writes <out>/<tool>-before.webp, <tool>-after.webp and showcase.json (file names, sizes).
 */

/** Width of the pictures on the page's largest layout (a third of the content column, ×1.5 for sharp screens). */
export const SHOWCASE_WIDTH = 480;
const WEBP_QUALITY = 72;

interface ShowcaseEntry {
  tool: ToolId;
  /** The sample the run started from. */
  sample: string;
  /** A mask for the tools that take one. */
  mask?: string;
  options?: Record<string, unknown>;
  /** Part of the sample to use (a small input keeps the upscale visible and the build quick). */
  crop?: { left: number; top: number; width: number; height: number };
}

export const SHOWCASE: ShowcaseEntry[] = [
  { tool: 'ai-eraser', sample: 'chelsea.jpg' },
  { tool: 'inpainting', sample: 'rocket.jpg', mask: 'rocket-mask.png' },
  { tool: 'vectorization', sample: 'horse.png' },
  { tool: 'image-upscale', sample: 'astronaut.jpg', crop: { left: 150, top: 30, width: 200, height: 200 } },
];

export interface ShowcasePicture {
  file: string;
  width: number;
  height: number;
}
export interface ShowcasePair {
  tool: ToolId;
  before: ShowcasePicture;
  after: ShowcasePicture;
}

async function engineImage(file: string, crop?: ShowcaseEntry['crop']): Promise<EngineImage> {
  const picture = sharp(file);
  const { data, info } = await (crop ? picture.extract(crop) : picture).png().toBuffer({ resolveWithObject: true });
  return { data, mediaType: 'image/png', width: info.width, height: info.height };
}

/** Writes a picture at the showcase width (never enlarged) as WebP; transparent parts stay transparent. */
async function writeWebp(image: Buffer, out: string, name: string, width = SHOWCASE_WIDTH): Promise<ShowcasePicture> {
  const { data, info } = await sharp(image, { density: 144 })
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY, effort: 6 })
    .toBuffer({ resolveWithObject: true });
  const file = `${name}-${createHash('sha256').update(data).digest('hex').slice(0, 10)}.webp`;
  fs.writeFileSync(path.join(out, file), data);
  return { file, width: info.width, height: info.height };
}

export async function makeShowcase(samples: string, out: string): Promise<ShowcasePair[]> {
  fs.mkdirSync(out, { recursive: true });
  const pairs: ShowcasePair[] = [];
  for (const entry of SHOWCASE) {
    const image = await engineImage(path.join(samples, entry.sample), entry.crop);
    const input: EngineInput = {
      tool: entry.tool,
      options: entry.options ?? {},
      images: { image, ...(entry.mask ? { mask: await engineImage(path.join(samples, entry.mask)) } : {}) },
    } as EngineInput;
    const [result] = await runLocalTool(input, { onProgress: () => {}, signal: new AbortController().signal });
    const before = await writeWebp(image.data, out, `${entry.tool}-before`);
    // The upscale's point is its extra pixels: its after picture keeps them (twice the width;
    // the page shows both in the same box).
    const after = await writeWebp(result!.data, out, `${entry.tool}-after`);
    pairs.push({ tool: entry.tool, before, after });
  }
  fs.writeFileSync(path.join(out, 'showcase.json'), `${JSON.stringify(pairs, null, 2)}\n`);
  return pairs;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [samples, out] = process.argv.slice(2);
  if (!samples || !out) throw new Error('usage: make-showcase.ts <samples folder> <output folder>');
  await makeShowcase(samples, out);
}

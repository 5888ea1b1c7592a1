import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { EngineContext, EngineImage } from '../../src/engines/engine.ts';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/photos');

export type PhotoName = 'astronaut.jpg' | 'chelsea.jpg' | 'coffee.jpg' | 'logo.png';

/** The bytes of a real test photograph (fixtures/photos/README.md). */
export const photoBytes = (name: PhotoName) => fs.readFileSync(path.join(DIR, name));

/** Encoded bytes as an engine input, the way the pipeline hands it over. */
export async function asEngineImage(data: Buffer): Promise<EngineImage> {
  const { format, width, height } = await sharp(data).metadata();
  return { data, mediaType: `image/${format}`, width: width!, height: height! };
}

export const photo = (name: PhotoName) => asEngineImage(photoBytes(name));

/** An engine context that records the progress it is given. */
export function recordingContext(): EngineContext & { percents: number[]; stages: string[] } {
  const percents: number[] = [];
  const stages: string[] = [];
  return {
    percents,
    stages,
    signal: new AbortController().signal,
    onProgress: (percent, stage) => {
      percents.push(percent);
      if (stage) stages.push(stage);
    },
  };
}

/** Whether values only go up (progress must never move back). */
export const increasing = (values: number[]) => values.every((v, i) => i === 0 || v >= values[i - 1]!);

/** Mean absolute difference per channel value between two same-sized images. */
export async function meanDifference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((img) => sharp(img).removeAlpha().raw().toBuffer()));
  let sum = 0;
  for (let i = 0; i < x!.length; i++) sum += Math.abs(x![i]! - y![i]!);
  return sum / x!.length;
}

/** A test photograph stretched to a square of `side` px, as a JPEG upload. */
export const squarePhoto = (name: PhotoName, side: number) =>
  sharp(photoBytes(name)).resize(side, side, { fit: 'fill' }).jpeg().toBuffer();

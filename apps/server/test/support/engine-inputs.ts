import { type ToolId, toolOptionSchemas } from '@atelier/contracts';
import sharp from 'sharp';
import type { EngineImage, EngineInput } from '../../src/engines/engine.ts';

/** A plain PNG as an engine input (for adapters, whose fakes do not look at the pixels). */
export async function solidImage(width = 300, height = 200): Promise<EngineImage> {
  const data = await sharp({ create: { width, height, channels: 3, background: '#457b9d' } })
    .png()
    .toBuffer();
  return { data, mediaType: 'image/png', width, height };
}

/** What the pipeline hands an engine: the tool, its options as the API parsed them, the images. */
export function engineInput(tool: ToolId, options: object, images: EngineInput['images'] = {}): EngineInput {
  return { tool, options: toolOptionSchemas[tool].parse(options) as EngineInput['options'], images };
}

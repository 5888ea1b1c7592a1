import { LOCAL_ENGINE_ID, type ToolId } from '@atelier/contracts';
import { describe, expect, it } from 'vitest';
import { photo, recordingContext } from '../../../test/support/photos.ts';
import type { Engine, EngineInput } from '../engine.ts';
import { createEngineRegistry } from '../registry.ts';
import { LOCAL_TOOLS, LocalEngine } from './local-engine.ts';

/** Records what the local engine hands over to its fallback. */
function fakeFallback() {
  const seen: EngineInput[] = [];
  const engine: Engine = {
    id: 'fallback',
    kind: 'demo',
    supports: () => true,
    run: async (input) => {
      seen.push(input);
      return [{ url: 'https://example.com/fallback.png' }];
    },
  };
  return { engine, seen };
}

describe('LocalEngine', () => {
  it('is the default engine of the six tools it serves, after providers and before the demo', () => {
    const registry = createEngineRegistry({});
    for (const tool of LOCAL_TOOLS) expect(registry.choiceFor(tool)).toEqual({ id: LOCAL_ENGINE_ID, kind: 'local' });
    expect(registry.choiceFor('image-generation')).toEqual({ id: 'demo', kind: 'demo' });
    expect(createEngineRegistry({ 'ai-eraser': 'demo' }).choiceFor('ai-eraser').id).toBe('demo');
  });

  it('sends option values with no local model to its fallback', async () => {
    const fallback = fakeFallback();
    const engine = new LocalEngine({ fallback: fallback.engine });
    const image = await photo('coffee.jpg');
    const run = (tool: ToolId, options: object) =>
      engine.run({ tool, options: options as EngineInput['options'], images: { image } }, recordingContext());
    await run('image-upscale', { upscaleType: 'creative' });
    await run('ai-photo-editor', { editType: 'custom', strength: 0.5, prompt: 'make it autumn' });
    expect(fallback.seen.map((i) => i.tool)).toEqual(['image-upscale', 'ai-photo-editor']);

    const [out] = await run('ai-photo-editor', { editType: 'sharpen', strength: 0.5 });
    expect(out).toMatchObject({ width: image.width, height: image.height });
    expect(fallback.seen).toHaveLength(2);
  });

  it('refuses a run without its image', async () => {
    const engine = new LocalEngine({ fallback: fakeFallback().engine });
    await expect(engine.run({ tool: 'vectorization', options: {}, images: {} }, recordingContext())).rejects.toThrow(
      /no image/,
    );
  });
});

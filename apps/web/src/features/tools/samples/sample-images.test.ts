import { TOOLS } from '@atelier/contracts';
import { describe, expect, it } from 'vitest';
import { TOOL_PAGES } from '../definitions/tool-definitions.ts';
import { samplesFor } from './sample-images.ts';

describe('sample images', () => {
  it('every image-in tool offers three, and only those tools offer any', () => {
    for (const tool of TOOLS) {
      const samples = samplesFor(tool.id);
      expect(samples.length, tool.id).toBe(TOOL_PAGES[tool.id].image ? 3 : 0);
      expect(new Set(samples.map((s) => s.id)).size, tool.id).toBe(samples.length);
    }
  });

  it('inpainting samples come with their mask, as PNG', () => {
    for (const sample of samplesFor('inpainting')) expect(sample.mask?.fileName).toMatch(/-mask\.png$/);
  });
});

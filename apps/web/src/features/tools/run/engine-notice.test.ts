import { describe, expect, it } from 'vitest';
import { providerVariableList } from './engine-notice.tsx';

describe('the variables a demo-engine page names', () => {
  it('lists every provider that serves the tool, as alternatives in the reader’s language', () => {
    expect(providerVariableList('image-generation', 'en')).toBe(
      'RECRAFT_API_KEY, OPENAI_API_KEY, STABILITY_API_KEY, or COMFYUI_URL',
    );
    expect(providerVariableList('vector-generation', 'en')).toBe('RECRAFT_API_KEY');
    expect(providerVariableList('replace-background', 'ja')).toBe('RECRAFT_API_KEYまたはSTABILITY_API_KEY');
    expect(providerVariableList('ai-photo-editor', 'zh-CN')).toBe('RECRAFT_API_KEY或OPENAI_API_KEY');
  });
});

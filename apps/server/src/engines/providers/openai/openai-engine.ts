import type { AIProviderId, ToolId, ToolOptions } from '@atelier/contracts';
import type { Engine, EngineContext, EngineImage, EngineInput, EngineOutput } from '../../engine.ts';
import { EngineError, needImage } from '../../engine.ts';
import { LocalEngine } from '../../local/local-engine.ts';
import { ProviderEngine } from '../provider-engine.ts';
import { engineImageOf, multipartForm } from '../provider-http.ts';
import { alphaMaskFor } from './alpha-mask.ts';
import {
  type ImagesResponse,
  type OpenAICall,
  OpenAIClient,
  type OpenAIConfig,
  type OpenAIImage,
} from './openai-client.ts';

export const OPENAI_ENGINE_ID = 'openai' satisfies AIProviderId;

/** The one model used: it generates and edits, and always answers base64. */
export const OPENAI_MODEL = 'gpt-image-1';

/**
 * The sizes gpt-image-1 makes: 1024x1024, 1536x1024, 1024x1536. Atelier's size is mapped to the one of nearest
 * aspect ratio (by |log(w/h)|). The square/landscape boundary is a ratio of √1.5 ≈ 1.22, so
 * 1024x1024 stays square while 1280x1024 (1.25), 1365x1024,
 * 1434x1024, 1536x1024, 1707x1024, 1820x1024, 2048x1024 → 1536x1024, and their portrait twins
 * (1024x1280 … 1024x2048) → 1024x1536.
 */
export const OPENAI_SIZES = ['1024x1024', '1536x1024', '1024x1536'] as const;

export function openAISizeFor(size: string): (typeof OPENAI_SIZES)[number] {
  const ratio = (s: string) => {
    const [w, h] = s.split('x').map(Number) as [number, number];
    return Math.log(w / h);
  };
  const wanted = ratio(size);
  return OPENAI_SIZES.reduce((best, s) => (Math.abs(ratio(s) - wanted) < Math.abs(ratio(best) - wanted) ? s : best));
}

/** gpt-image-1 at high quality often takes one to three minutes: long per-attempt timeouts. */
const TIMEOUT_MS = { generate: 240_000, edit: 240_000 } as const;

async function outputOf(image: OpenAIImage): Promise<EngineOutput> {
  if (image.url) return { url: image.url };
  if (!image.b64_json) throw new EngineError('PROVIDER_UNAVAILABLE', 'The AI provider returned no image');
  return engineImageOf(Buffer.from(image.b64_json, 'base64'));
}

/**
 * OpenAI Images behind the engine interface: generation (JSON), inpainting and
 * custom photo edits (multipart `/images/edits`, with an alpha mask for inpainting). The photo
 * editor's presets are not an AI edit, so they stay on the local engine.
 */
export class OpenAIEngine extends ProviderEngine {
  private readonly client: OpenAIClient;

  constructor(config: OpenAIConfig, local: Engine = new LocalEngine()) {
    super(OPENAI_ENGINE_ID, local);
    this.client = new OpenAIClient(config);
  }

  /** gpt-image-1 takes a prompt, a size and a count: Recraft's model and styles mean nothing to it. */
  ignoredOptions(tool: ToolId): readonly string[] {
    return tool === 'image-generation' ? ['model', 'style', 'substyle', 'negative_prompt'] : [];
  }

  async run(input: EngineInput, context: EngineContext): Promise<EngineOutput[]> {
    const image = () => needImage(input.images.image, 'image');
    switch (input.tool) {
      case 'image-generation': {
        const { prompt, size, n } = input.options as ToolOptions<'image-generation'>;
        const body = { model: OPENAI_MODEL, prompt, n, size: openAISizeFor(size) };
        return this.images(context, TIMEOUT_MS.generate, (call) =>
          this.client.postJson<ImagesResponse>('/images/generations', body, call),
        );
      }
      case 'inpainting': {
        const { prompt } = input.options as ToolOptions<'inpainting'>;
        const mask = await alphaMaskFor(image(), needImage(input.images.mask, 'mask'));
        return this.edit(prompt, image(), context, mask);
      }
      case 'ai-photo-editor': {
        const o = input.options as ToolOptions<'ai-photo-editor'>;
        if (o.editType !== 'custom') return this.local.run(input, context);
        if (!o.prompt) throw new EngineError('VALIDATION_ERROR', 'A custom edit needs a description');
        return this.edit(o.prompt, image(), context);
      }
      default:
        throw new EngineError('INTERNAL', `OpenAI does not serve ${input.tool}`);
    }
  }

  /** One call with its stages reported around it (OpenAI answers with the images themselves), decoded. */
  private async images(
    context: EngineContext,
    timeoutMs: number,
    send: (call: OpenAICall) => Promise<ImagesResponse>,
  ): Promise<EngineOutput[]> {
    const res = await this.call(context, timeoutMs, send);
    if (!Array.isArray(res.data) || res.data.length === 0) {
      throw new EngineError('PROVIDER_UNAVAILABLE', 'The AI provider returned no image');
    }
    return Promise.all(res.data.map(outputOf));
  }

  private edit(prompt: string, image: EngineImage, context: EngineContext, mask?: Buffer) {
    const makeForm = () => multipartForm({ model: OPENAI_MODEL, prompt, n: 1 }, mask ? { image, mask } : { image });
    return this.images(context, TIMEOUT_MS.edit, (call) =>
      this.client.postForm<ImagesResponse>('/images/edits', makeForm, call),
    );
  }
}

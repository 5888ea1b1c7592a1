import { type AIProviderId, DEFAULT_MODEL, type ToolOptions } from '@atelier/contracts';
import type { Engine, EngineContext, EngineImage, EngineInput, EngineOutput } from '../../engine.ts';
import { EngineError, needImage } from '../../engine.ts';
import { LocalEngine } from '../../local/local-engine.ts';
import { PROVIDER_STAGES, ProviderEngine, type ProviderStage } from '../provider-engine.ts';
import { multipartForm } from '../provider-http.ts';
import { binaryMaskFor } from './binary-mask.ts';
import {
  type CreateStyleResponse,
  type GenerateImageResponse,
  type ProcessImageResponse,
  RecraftClient,
  type RecraftConfig,
  type RecraftImage,
} from './recraft-client.ts';
import { styleBaseOf, vectorRequest, withWords } from './recraft-styles.ts';

export const RECRAFT_ENGINE_ID = 'recraft' satisfies AIProviderId;

/** Per-attempt timeouts: generating images takes far longer than processing one. */
const TIMEOUT_MS = {
  generate: 120_000,
  process: 60_000,
  creativeUpscale: 180_000,
  createStyle: 60_000,
} as const;

/**
 * Recraft answers synchronously: a call uploads its inputs, waits while the images are made, and
 * its answer holds links that the pipeline then downloads (PROVIDER_STAGES). Drawing in a style
 * made from a reference image starts once that style exists.
 */
const STYLED = { percent: 30, stage: 'styling' } as const;

type Fields = Record<string, string | number | undefined>;

function linksOf(images: RecraftImage[]): EngineOutput[] {
  return images.map((image) => {
    if (!image.url) throw new EngineError('PROVIDER_UNAVAILABLE', 'The AI provider returned no image');
    return { url: image.url };
  });
}

/** The transform fields shared by image-to-image and replace-background. */
function rasterFields(o: ToolOptions<'image-to-image'> | ToolOptions<'replace-background'>): Fields {
  return {
    prompt: o.prompt,
    model: o.model,
    style: o.style,
    substyle: o.substyle,
    negative_prompt: o.negative_prompt,
    n: o.n,
    response_format: 'url',
  };
}

/**
 * Recraft's API (/v1, a Bearer key) behind the engine interface. Results are returned as Recraft's
 * links, which expire: the pipeline copies them into Atelier's storage at once. The photo
 * editor's presets are not an AI edit, so they stay on the local engine; only `custom` edits go
 * to Recraft.
 */
export class RecraftEngine extends ProviderEngine {
  private readonly client: RecraftClient;

  constructor(config: RecraftConfig, local: Engine = new LocalEngine()) {
    super(RECRAFT_ENGINE_ID, local);
    this.client = new RecraftClient(config);
  }

  async run(input: EngineInput, context: EngineContext): Promise<EngineOutput[]> {
    const image = () => needImage(input.images.image, 'image');
    switch (input.tool) {
      case 'image-generation': {
        const o = input.options as ToolOptions<'image-generation'>;
        const { prompt, model, style, substyle, size, n, negative_prompt } = o;
        return this.generate({ prompt, model, style, substyle, size, n, negative_prompt }, context);
      }
      case 'vector-generation':
        return this.generate(
          { ...vectorRequest(input.options as ToolOptions<'vector-generation'>), model: DEFAULT_MODEL },
          context,
        );
      case 'style-creation':
        return this.createStyle(input.options as ToolOptions<'style-creation'>, input.images.reference_image, context);
      case 'image-to-image': {
        const o = input.options as ToolOptions<'image-to-image'>;
        return this.transform('/images/imageToImage', { ...rasterFields(o), strength: o.strength }, image(), context);
      }
      case 'replace-background':
        return this.transform(
          '/images/replaceBackground',
          rasterFields(input.options as ToolOptions<'replace-background'>),
          image(),
          context,
        );
      case 'inpainting': {
        const { prompt } = input.options as ToolOptions<'inpainting'>;
        const mask = await binaryMaskFor(image(), needImage(input.images.mask, 'mask'));
        const fields = { prompt, model: DEFAULT_MODEL, response_format: 'url' };
        return this.transform('/images/inpaint', fields, image(), context, { mask });
      }
      case 'ai-photo-editor': {
        const o = input.options as ToolOptions<'ai-photo-editor'>;
        if (o.editType !== 'custom') return this.local.run(input, context);
        // Photo-editor strength is "how much to change", as Recraft's image-to-image strength.
        const fields = { prompt: o.prompt, strength: o.strength, model: DEFAULT_MODEL, response_format: 'url' };
        return this.transform('/images/imageToImage', fields, image(), context);
      }
      case 'vectorization':
        return this.process('/images/vectorize', image(), TIMEOUT_MS.process, context);
      case 'ai-eraser':
        return this.process('/images/removeBackground', image(), TIMEOUT_MS.process, context);
      case 'image-upscale': {
        const { upscaleType } = input.options as ToolOptions<'image-upscale'>;
        return upscaleType === 'creative'
          ? this.process('/images/creativeUpscale', image(), TIMEOUT_MS.creativeUpscale, context)
          : this.process('/images/crispUpscale', image(), TIMEOUT_MS.process, context);
      }
      default:
        throw new EngineError('INTERNAL', `Recraft does not serve ${input.tool}`);
    }
  }

  private async generate(fields: object, context: EngineContext, from?: ProviderStage) {
    const body = { ...fields, response_format: 'url' };
    const res = await this.call(
      context,
      TIMEOUT_MS.generate,
      (call) => this.client.postJson<GenerateImageResponse>('/images/generations', body, call),
      from,
    );
    return linksOf(res.data);
  }

  private async transform(
    path: string,
    fields: Fields,
    image: EngineImage,
    context: EngineContext,
    extra: Record<string, Buffer> = {},
  ) {
    const res = await this.call(context, TIMEOUT_MS.generate, (call) =>
      this.client.postForm<GenerateImageResponse>(path, () => multipartForm(fields, { image, ...extra }), call),
    );
    return linksOf(res.data);
  }

  private async process(path: string, image: EngineImage, timeoutMs: number, context: EngineContext) {
    const res = await this.call(context, timeoutMs, (call) =>
      this.client.postForm<ProcessImageResponse>(
        path,
        () => multipartForm({ response_format: 'url' }, { image }),
        call,
      ),
    );
    return linksOf([res.image]);
  }

  /**
   * With a reference image, a private style is made from it (POST /styles) and the prompt is drawn
   * in that style; without one, the chosen base style is drawn with Recraft's nearest base style.
   */
  private async createStyle(
    o: ToolOptions<'style-creation'>,
    reference: EngineImage | undefined,
    context: EngineContext,
  ) {
    const base = styleBaseOf(o.style);
    const prompt = withWords(o.prompt, base.words);
    if (!reference) return this.generate({ prompt, style: base.style, model: DEFAULT_MODEL }, context);
    context.onProgress(PROVIDER_STAGES.uploading.percent, PROVIDER_STAGES.uploading.stage);
    const style = await this.client.postForm<CreateStyleResponse>(
      '/styles',
      () => multipartForm({ style: base.style }, { images: reference }),
      { timeoutMs: TIMEOUT_MS.createStyle, signal: context.signal },
    );
    // style and style_id are mutually exclusive: the style made carries its base.
    return this.generate({ prompt, style_id: style.id, model: DEFAULT_MODEL }, context, STYLED);
  }
}

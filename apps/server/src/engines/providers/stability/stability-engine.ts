import {
  type AIProviderId,
  MASK_RESIZED_STAGE,
  providerTools,
  type ToolId,
  type ToolOptions,
} from '@atelier/contracts';
import type { Engine, EngineContext, EngineImage, EngineInput, EngineOutput } from '../../engine.ts';
import { EngineError, needImage } from '../../engine.ts';
import { multipartForm, sleep } from '../provider-http.ts';
import { binaryMaskFor } from '../recraft/binary-mask.ts';
import { withWords } from '../recraft/recraft-styles.ts';
import { type StabilityCall, StabilityClient, type StabilityConfig } from './stability-client.ts';
import { fitPixels } from './stability-images.ts';
import { stabilityAspectRatioFor, stabilityStyleOf, stabilityStyleWords } from './stability-options.ts';

export const STABILITY_ENGINE_ID = 'stability' satisfies AIProviderId;

/** The tools Stability has an endpoint for (`providerTools` in contracts). */
export const STABILITY_TOOLS = providerTools(STABILITY_ENGINE_ID);

/** Image-to-image runs on SD 3.5 Large, the largest of the `generate/sd3` models. */
export const STABILITY_SD3_MODEL = 'sd3.5-large';

/**
 * Stability's creative upscale requires a prompt and Atelier's upscale has none: this one
 * asks for the same picture, only sharper, leaving Stability's default creativity (0.3).
 */
export const CREATIVE_UPSCALE_PROMPT = 'the same image at a higher resolution, sharp and finely detailed';

/**
 * Per-attempt timeouts. Stability's synchronous endpoints answer within seconds to a minute;
 * starting an asynchronous job only uploads; a poll may bring a large result back.
 */
const TIMEOUT_MS = { generate: 120_000, process: 60_000, submit: 60_000, poll: 60_000 } as const;

/** Input pixel limits of Stability's endpoints, from its API reference; Atelier accepts up to 4096² = 16.7 MP. */
const MAX_PIXELS = { edit: 9_437_184, removeBackground: 4_194_304, upscale: 1_048_576 } as const;

/** How asynchronous jobs are waited for. */
export interface StabilityPolling {
  /** Between looks at a job: Stability asks for no more than one every 10 s. */
  intervalMs: number;
  /** How long a job may run before the run gives it up with PROVIDER_TIMEOUT. */
  maxWaitMs: number;
}
export const STABILITY_POLLING: Readonly<StabilityPolling> = { intervalMs: 10_000, maxWaitMs: 10 * 60_000 };

/**
 * The stages reported. Stability reports no numeric progress, so percentages move
 * only with real events: every request sent (or job accepted), then every image received.
 */
const STAGE = { uploading: 10, waiting: 50, downloading: 90 } as const;

/** Progress of `count` images made at once: each sent request and each image received counts. */
class Stages {
  private sent = 0;
  private received = 0;

  constructor(
    private readonly context: EngineContext,
    private readonly count: number,
  ) {
    context.onProgress(STAGE.uploading, 'uploading');
  }

  /** A request is on its way (synchronous) or a job was accepted (asynchronous). */
  sentOne() {
    if (++this.sent === this.count) this.context.onProgress(STAGE.waiting, 'waiting');
  }

  receivedOne() {
    this.received++;
    const percent = STAGE.waiting + ((STAGE.downloading - STAGE.waiting) * this.received) / this.count;
    this.context.onProgress(percent, this.received === this.count ? 'downloading' : 'waiting');
  }
}

/**
 * Stability AI's REST v2beta API behind the engine interface. Each call makes one
 * image, so `n` images are `n` calls, made at once; the first failure gives up the others. Images
 * come back as bytes and go straight to the pipeline, which stores them. Creative upscale and
 * replace-background are asynchronous jobs, polled until done.
 */
export class StabilityEngine implements Engine {
  readonly id = STABILITY_ENGINE_ID;
  readonly kind = 'provider' as const;
  /**
   * Public and changeable in place so that tests, which get this engine from a running app, can
   * poll a local stand-in quickly; production keeps the 10 s Stability asks for.
   */
  readonly polling: StabilityPolling;
  private readonly client: StabilityClient;

  constructor(config: StabilityConfig, options: { polling?: Partial<StabilityPolling> } = {}) {
    this.client = new StabilityClient(config);
    this.polling = { ...STABILITY_POLLING, ...options.polling };
  }

  supports(tool: ToolId): boolean {
    return STABILITY_TOOLS.includes(tool);
  }

  /** Styles become presets or prompt words; Recraft's model has no Stability counterpart. */
  ignoredOptions(tool: ToolId): readonly string[] {
    return ['image-generation', 'image-to-image', 'replace-background'].includes(tool) ? ['model'] : [];
  }

  async run(input: EngineInput, context: EngineContext): Promise<EngineOutput[]> {
    const image = () => needImage(input.images.image, 'image');
    switch (input.tool) {
      case 'image-generation': {
        const o = input.options as ToolOptions<'image-generation'>;
        const style = stabilityStyleOf(o.style, o.substyle);
        const fields = {
          prompt: withWords(o.prompt, style.words),
          negative_prompt: o.negative_prompt,
          aspect_ratio: stabilityAspectRatioFor(o.size),
          style_preset: style.preset,
          output_format: 'png',
        };
        // generate/core: it takes an aspect ratio and a style preset, where sd3 takes no preset.
        return this.images(o.n, 'generate/core', () => multipartForm(fields), context);
      }
      case 'image-to-image': {
        const o = input.options as ToolOptions<'image-to-image'>;
        const picture = await fitPixels(image(), MAX_PIXELS.edit);
        // Atelier's strength is "how much to change", as Stability's (0 = the input unchanged).
        const fields = {
          prompt: withWords(o.prompt, stabilityStyleWords(o.style, o.substyle)),
          negative_prompt: o.negative_prompt,
          mode: 'image-to-image',
          model: STABILITY_SD3_MODEL,
          strength: o.strength,
          output_format: 'png',
        };
        return this.images(o.n, 'generate/sd3', () => multipartForm(fields, { image: picture }), context);
      }
      case 'inpainting': {
        const { prompt } = input.options as ToolOptions<'inpainting'>;
        const original = image();
        const painted = needImage(input.images.mask, 'mask');
        if (painted.width !== original.width || painted.height !== original.height) {
          context.onProgress(0, MASK_RESIZED_STAGE);
        }
        // Stability's mask is white = inpaint like Atelier's; grey would be partial strength, so
        // the brush's soft edges are thresholded as on every other engine.
        const picture = await fitPixels(original, MAX_PIXELS.edit);
        const mask = await binaryMaskFor(picture, painted);
        const fields = { prompt, output_format: 'png' };
        return this.images(1, 'edit/inpaint', () => multipartForm(fields, { image: picture, mask }), context);
      }
      case 'ai-eraser': {
        // Atelier's eraser removes the background; Stability's has no jpeg output (alpha).
        const picture = await fitPixels(image(), MAX_PIXELS.removeBackground);
        const makeForm = () => multipartForm({ output_format: 'png' }, { image: picture });
        return this.images(1, 'edit/remove-background', makeForm, context, TIMEOUT_MS.process);
      }
      case 'replace-background': {
        const o = input.options as ToolOptions<'replace-background'>;
        const subject = await fitPixels(image(), MAX_PIXELS.edit);
        const fields = {
          // A generated background always comes with its prompt (the options refuse one without).
          background_prompt: withWords(o.prompt ?? '', stabilityStyleWords(o.style, o.substyle)),
          negative_prompt: o.negative_prompt,
          output_format: 'png',
        };
        const makeForm = () => multipartForm(fields, { subject_image: subject });
        return this.jobs(o.n, 'edit/replace-background-and-relight', makeForm, context);
      }
      case 'image-upscale': {
        const { upscaleType } = input.options as ToolOptions<'image-upscale'>;
        const picture = await fitPixels(image(), MAX_PIXELS.upscale);
        if (upscaleType === 'creative') {
          const fields = { prompt: CREATIVE_UPSCALE_PROMPT, output_format: 'png' };
          return this.jobs(1, 'upscale/creative', () => multipartForm(fields, { image: picture }), context);
        }
        const makeForm = () => multipartForm({ output_format: 'png' }, { image: picture });
        return this.images(1, 'upscale/fast', makeForm, context, TIMEOUT_MS.process);
      }
      default:
        throw new EngineError('INTERNAL', `Stability does not serve ${input.tool}`);
    }
  }

  /** `count` calls of a synchronous endpoint, each answering one image. */
  private images(
    count: number,
    path: string,
    makeForm: () => FormData,
    context: EngineContext,
    timeoutMs: number = TIMEOUT_MS.generate,
  ): Promise<EngineImage[]> {
    return this.batch(count, context, async (stages, signal) => {
      const answer = this.client.image(path, makeForm, { timeoutMs, signal });
      stages.sentOne();
      return answer;
    });
  }

  /** `count` jobs of an asynchronous endpoint: each started, then polled until its image is ready. */
  private jobs(count: number, path: string, makeForm: () => FormData, context: EngineContext) {
    return this.batch(count, context, async (stages, signal) => {
      const id = await this.client.startJob(path, makeForm, { timeoutMs: TIMEOUT_MS.submit, signal });
      stages.sentOne();
      return this.waitFor(id, signal);
    });
  }

  /** Runs `count` calls at once; the first to fail aborts the others, which would be wasted. */
  private async batch(
    count: number,
    context: EngineContext,
    one: (stages: Stages, signal: AbortSignal) => Promise<EngineImage>,
  ): Promise<EngineImage[]> {
    const stages = new Stages(context, count);
    const siblings = new AbortController();
    const signal = AbortSignal.any([context.signal, siblings.signal]);
    const call = async () => {
      try {
        const image = await one(stages, signal);
        stages.receivedOne();
        return image;
      } catch (error) {
        siblings.abort(error);
        throw error;
      }
    };
    return Promise.all(Array.from({ length: count }, call));
  }

  /** Looks at a job every `polling.intervalMs` until its image is there (200) or time runs out. */
  private async waitFor(id: string, signal: AbortSignal): Promise<EngineImage> {
    const deadline = Date.now() + this.polling.maxWaitMs;
    const call: StabilityCall = { timeoutMs: TIMEOUT_MS.poll, signal };
    for (;;) {
      await sleep(this.polling.intervalMs, signal);
      const image = await this.client.result(id, call);
      if (image) return image;
      if (Date.now() >= deadline) throw new EngineError('PROVIDER_TIMEOUT', 'The AI provider took too long to finish');
    }
  }
}

import { randomInt, randomUUID } from 'node:crypto';
import { type AIProviderId, providerTools, type ToolId, type ToolOptions } from '@atelier/contracts';
import sharp from 'sharp';
import type { Engine, EngineContext, EngineImage, EngineInput, EngineOutput } from '../../engine.ts';
import { EngineError, needImage } from '../../engine.ts';
import { binaryMaskFor, binaryMaskPixels } from '../recraft/binary-mask.ts';
import {
  type ComfyFile,
  ComfyUIClient,
  executionErrorMessage,
  type HistoryEntry,
  sleep,
  UnreachableError,
} from './comfyui-client.ts';
import { type ComfyMessage, ComfySocket } from './comfyui-socket.ts';
import {
  img2imgWorkflow,
  inpaintWorkflow,
  latentSide,
  NODE,
  type SamplingParams,
  txt2imgWorkflow,
  type Workflow,
} from './workflows.ts';

export const COMFYUI_ENGINE_ID = 'comfyui' satisfies AIProviderId;

const COMFYUI_TOOLS = providerTools(COMFYUI_ENGINE_ID);

export interface ComfyUIConfig {
  /** ComfyUI's address, e.g. http://127.0.0.1:8188 (no trailing slash). */
  baseUrl: string;
  /** COMFYUI_CHECKPOINT: a file in ComfyUI's models/checkpoints; unset, SDXL base. */
  checkpoint?: string;
}

/** What a deployment may tune; every value has a default that suits SDXL base. */
export interface ComfyUIOptions {
  /** A file in ComfyUI's models/checkpoints. */
  checkpoint?: string;
  steps?: number;
  cfg?: number;
  sampler?: string;
  scheduler?: string;
  /** The whole run: queue wait, model load, sampling and download. */
  timeoutMs?: number;
  /** How often `/history` is asked when the socket is not there. */
  pollIntervalMs?: number;
}

export const COMFYUI_DEFAULTS = {
  checkpoint: 'sd_xl_base_1.0.safetensors',
  steps: 25,
  cfg: 7,
  sampler: 'dpmpp_2m',
  scheduler: 'karras',
  // A self-hosted GPU may be busy with other prompts: the queue wait counts too.
  timeoutMs: 10 * 60_000,
  pollIntervalMs: 1000,
} satisfies Required<ComfyUIOptions>;

/**
 * Progress (0..100) through a prompt. Sampling takes most of the time and is reported per step
 * from ComfyUI's `progress` messages; the other stages are reached as ComfyUI announces the node
 * it is executing.
 */
export const STAGE = {
  uploading: 3,
  queued: 8,
  started: 10,
  loadingModel: 12,
  samplingFrom: 15,
  samplingTo: 88,
  decoding: 90,
  saving: 92,
  downloading: 95,
} as const;

/** Sampling a larger input than this (SDXL's ~1 MP, up to Atelier's 2048x1024) is scaled down first. */
const MAX_SAMPLE_PIXELS = 2048 * 1024;

/** After ComfyUI lost a prompt (a restart), it is reported once it is in neither queue nor history this often. */
const LOST_AFTER_MISSES = 2;
/** How long `executing {node: null}` is awaited after `execution_success` before `/history` is asked. */
const SUCCESS_GRACE_MS = 2000;
/** Consecutive failed polls tolerated (a blip) before the server counts as gone. */
const MAX_POLL_FAILURES = 5;

/** Recraft-style options have no ComfyUI equivalent: the style is asked for in words. */
const STYLE_WORDS: Record<string, string> = {
  realistic_image: 'photorealistic',
  digital_illustration: 'digital illustration',
  vector_illustration: 'flat vector illustration',
};

export function promptWithStyle(prompt: string, style?: string, substyle?: string): string {
  const words = [style ? STYLE_WORDS[style] : undefined, substyle ? substyleWords(substyle) : undefined];
  return [prompt, ...words.filter(Boolean)].join(', ');
}

function substyleWords(substyle: string): string {
  if (substyle === 'b_and_w') return 'black and white';
  return substyle.replace(/_\d+$/, '').replaceAll('_', ' ');
}

/** The size sampled for an input image: within MAX_SAMPLE_PIXELS, sides multiples of 8. */
export function sampleSizeOf(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, Math.sqrt(MAX_SAMPLE_PIXELS / (width * height)));
  return { width: latentSide(width * scale), height: latentSide(height * scale) };
}

/** What one request asks of ComfyUI, before its files are uploaded. */
interface Job {
  /** Files to upload first, by the key the workflow builder gets their ComfyUI names under. */
  uploads: Record<string, Buffer>;
  build(names: Record<string, string>, sampling: SamplingParams): Workflow;
  /** The size every output is returned at (ComfyUI rounds to multiples of 8). */
  width: number;
  height: number;
  count: number;
  /** Puts each output back into the original (inpainting keeps the unmasked pixels exactly). */
  finish?: (output: Buffer) => Promise<Buffer>;
}

/**
 * A self-hosted ComfyUI behind the engine interface: generation,
 * image-to-image and inpainting through the shipped API-format workflows (workflows/*.json),
 * patched per request. Inputs are uploaded with `POST /upload/image`; the run's socket
 * (`/ws?clientId=`) is opened before `POST /prompt`, so every sampler step is reported as
 * progress; outputs are read from `/history/{id}` and fetched from `/view` as bytes. If the
 * socket cannot be opened or drops, the prompt is followed by polling `/history/{id}`.
 */
export class ComfyUIEngine implements Engine {
  readonly id = COMFYUI_ENGINE_ID;
  readonly kind = 'provider' as const;
  private readonly client: ComfyUIClient;
  private readonly options: Required<ComfyUIOptions>;

  constructor(config: ComfyUIConfig, options: ComfyUIOptions = {}) {
    this.client = new ComfyUIClient(config.baseUrl.replace(/\/$/, ''));
    this.options = { ...COMFYUI_DEFAULTS, ...(config.checkpoint ? { checkpoint: config.checkpoint } : {}), ...options };
  }

  supports(tool: ToolId): boolean {
    return COMFYUI_TOOLS.includes(tool);
  }

  /** The workflows load one checkpoint (COMFYUI_CHECKPOINT): Recraft's model has no meaning here. */
  ignoredOptions(tool: ToolId): readonly string[] {
    return tool === 'image-generation' || tool === 'image-to-image' ? ['model'] : [];
  }

  async run(input: EngineInput, context: EngineContext): Promise<EngineOutput[]> {
    const job = await this.jobFor(input);
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const signal = AbortSignal.any([context.signal, timeout]);
    let promptId: string | undefined;
    let socket: ComfySocket | undefined;
    try {
      const names: Record<string, string> = {};
      if (Object.keys(job.uploads).length) context.onProgress(STAGE.uploading, 'uploading');
      for (const [key, data] of Object.entries(job.uploads)) {
        names[key] = await this.client.upload(data, `atelier-${randomUUID()}.png`, signal);
      }
      const workflow = job.build(names, this.sampling());

      const clientId = randomUUID();
      socket = await ComfySocket.open(this.client.socketUrl(clientId), signal);
      promptId = await this.client.queuePrompt(workflow, clientId, signal);
      context.onProgress(STAGE.queued, 'queued');

      if (socket) await this.follow(socket, promptId, context, signal);
      const entry = await this.finished(promptId, signal);

      context.onProgress(STAGE.downloading, 'downloading');
      const files = outputFiles(entry).slice(0, job.count);
      if (files.length === 0) throw new EngineError('PROVIDER_UNAVAILABLE', 'ComfyUI returned no image');
      const outputs: EngineImage[] = [];
      for (const file of files) outputs.push(await this.download(file, job, signal));
      void this.client.forget(promptId);
      return outputs;
    } catch (error) {
      if (signal.aborted && promptId) void this.client.cancel(promptId);
      if (context.signal.aborted) throw context.signal.reason;
      if (timeout.aborted) throw new EngineError('PROVIDER_TIMEOUT', 'ComfyUI did not finish in time');
      throw error;
    } finally {
      socket?.close();
    }
  }

  private sampling(): SamplingParams {
    const { checkpoint, steps, cfg, sampler, scheduler } = this.options;
    return {
      checkpoint,
      steps,
      cfg,
      sampler,
      scheduler,
      prompt: '',
      negativePrompt: '',
      // KSampler takes any 64-bit seed; this stays within JSON's exact integers.
      seed: randomInt(0, 2 ** 47),
    };
  }

  private async jobFor(input: EngineInput): Promise<Job> {
    switch (input.tool) {
      case 'image-generation': {
        const o = input.options as ToolOptions<'image-generation'>;
        const [width, height] = o.size.split('x').map(Number) as [number, number];
        const prompt = promptWithStyle(o.prompt, o.style, o.substyle);
        return {
          uploads: {},
          width,
          height,
          count: o.n,
          build: (_, s) =>
            txt2imgWorkflow({ ...s, prompt, negativePrompt: o.negative_prompt ?? '', width, height, batchSize: o.n }),
        };
      }
      case 'image-to-image': {
        const o = input.options as ToolOptions<'image-to-image'>;
        const image = needImage(input.images.image, 'image');
        const size = sampleSizeOf(image.width, image.height);
        const prompt = promptWithStyle(o.prompt, o.style, o.substyle);
        return {
          uploads: { image: await uprightPng(image, size) },
          width: image.width,
          height: image.height,
          count: o.n,
          build: (names, s) =>
            img2imgWorkflow({
              ...s,
              prompt,
              negativePrompt: o.negative_prompt ?? '',
              image: names.image!,
              denoise: o.strength,
              batchSize: o.n,
            }),
        };
      }
      case 'inpainting': {
        const { prompt } = input.options as ToolOptions<'inpainting'>;
        const image = needImage(input.images.image, 'image');
        const mask = needImage(input.images.mask, 'mask');
        const size = sampleSizeOf(image.width, image.height);
        return {
          uploads: {
            image: await uprightPng(image, size),
            // Atelier's mask is white = regenerate; LoadImageMask reads it from the red channel.
            mask: await binaryMaskFor({ ...image, ...size }, mask),
          },
          width: image.width,
          height: image.height,
          count: 1,
          build: (names, s) => inpaintWorkflow({ ...s, prompt, image: names.image!, mask: names.mask! }),
          finish: await pasteBack(image, mask),
        };
      }
      default:
        throw new EngineError('INTERNAL', `ComfyUI does not serve ${input.tool}`);
    }
  }

  /**
   * Follows the prompt on the socket until ComfyUI says it is done, reporting each sampler
   * step. Resolves early if the socket drops: the caller then polls `/history`.
   */
  private follow(socket: ComfySocket, promptId: string, context: EngineContext, signal: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let graceTimer: NodeJS.Timeout | undefined;
      const settle = (error?: EngineError) => {
        clearTimeout(graceTimer);
        signal.removeEventListener('abort', onAbort);
        socket.close();
        if (error) reject(error);
        else resolve();
      };
      const onAbort = () => settle(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      const onMessage = ({ type, data }: ComfyMessage) => {
        // The socket is this run's alone, but `status` and friends are broadcast to every client.
        if (data.prompt_id !== undefined && data.prompt_id !== promptId) return;
        switch (type) {
          case 'execution_start':
            context.onProgress(STAGE.started, 'starting');
            break;
          case 'executing':
            if (data.node === null) settle();
            else reportNode(String(data.node), context);
            break;
          case 'progress': {
            // Only the sampler's steps; other nodes (tiled decoders …) report progress of their own.
            if (data.node !== undefined && data.node !== NODE.sampler.id) break;
            const value = Number(data.value);
            const max = Number(data.max);
            if (!(max > 0) || !(value >= 0)) break;
            const share = Math.min(1, value / max);
            context.onProgress(STAGE.samplingFrom + (STAGE.samplingTo - STAGE.samplingFrom) * share, 'sampling');
            break;
          }
          case 'execution_success':
            // `executing {node: null}` follows once the history is written; don't wait on it for long.
            graceTimer ??= setTimeout(() => settle(), SUCCESS_GRACE_MS);
            break;
          case 'execution_error':
            settle(new EngineError('PROVIDER_UNAVAILABLE', executionErrorMessage(data)));
            break;
          case 'execution_interrupted':
            settle(new EngineError('PROVIDER_UNAVAILABLE', 'The job was interrupted on the ComfyUI server'));
            break;
        }
      };
      socket.listen(onMessage, () => settle());
      if (signal.aborted) onAbort();
    });
  }

  /**
   * The prompt's history entry once it has finished. Right after the socket said so this is one
   * call (ComfyUI may write its history a moment after `execution_success`); without a socket it
   * is the polling loop. A prompt in neither the queue nor the history was lost by the server.
   */
  private async finished(promptId: string, signal: AbortSignal): Promise<HistoryEntry> {
    let misses = 0;
    let failures = 0;
    for (;;) {
      try {
        const entry = await this.client.history(promptId, signal);
        failures = 0;
        if (entry) {
          const error = historyError(entry);
          if (error) throw error;
          if (entry.status?.completed !== false || entry.outputs) return entry;
        } else if ((await this.client.queueState(promptId, signal)) === 'absent') {
          // Checked twice: the history is written just after the prompt leaves the queue.
          if (++misses >= LOST_AFTER_MISSES) {
            throw new EngineError('PROVIDER_UNAVAILABLE', 'The ComfyUI server lost the job (was it restarted?)');
          }
          await sleep(100, signal);
          continue;
        } else {
          misses = 0;
        }
      } catch (error) {
        // A lost job or a failed execution is final; an unreachable server may come back.
        if (signal.aborted || !(error instanceof UnreachableError) || ++failures >= MAX_POLL_FAILURES) throw error;
      }
      await sleep(this.options.pollIntervalMs, signal);
    }
  }

  private async download(file: ComfyFile, job: Job, signal: AbortSignal): Promise<EngineImage> {
    let data = await this.client.view(file, signal);
    const meta = await sharp(data)
      .metadata()
      .catch(() => undefined);
    if (!meta?.width || !meta.height)
      throw new EngineError('PROVIDER_UNAVAILABLE', 'ComfyUI returned an unreadable image');
    if (meta.width !== job.width || meta.height !== job.height || meta.format !== 'png') {
      data = await sharp(data).resize(job.width, job.height, { fit: 'fill' }).png().toBuffer();
    }
    if (job.finish) data = await job.finish(data);
    return { data, mediaType: 'image/png', width: job.width, height: job.height };
  }
}

/** The stage a node starts, as far as Atelier's workflows go. */
function reportNode(node: string, context: EngineContext) {
  if (node === NODE.checkpoint.id) context.onProgress(STAGE.loadingModel, 'loading the model');
  else if (node === NODE.sampler.id) context.onProgress(STAGE.samplingFrom, 'sampling');
  else if (node === NODE.decode.id) context.onProgress(STAGE.decoding, 'decoding');
  else if (node === NODE.save.id) context.onProgress(STAGE.saving, 'saving');
}

/** A finished prompt's failure, from the messages ComfyUI keeps in its history. */
function historyError(entry: HistoryEntry): EngineError | undefined {
  if (entry.status?.status_str !== 'error') return undefined;
  const messages = entry.status.messages ?? [];
  const failure = messages.find(([type]) => type === 'execution_error');
  if (failure) return new EngineError('PROVIDER_UNAVAILABLE', executionErrorMessage(failure[1] ?? {}));
  if (messages.some(([type]) => type === 'execution_interrupted')) {
    return new EngineError('PROVIDER_UNAVAILABLE', 'The job was interrupted on the ComfyUI server');
  }
  return new EngineError('PROVIDER_UNAVAILABLE', 'ComfyUI failed to run the job');
}

/** The saved images of a finished prompt: SaveImage's first, else any node's `output` images. */
function outputFiles(entry: HistoryEntry): ComfyFile[] {
  const isSaved = (f: ComfyFile) => f && typeof f.filename === 'string' && f.type === 'output';
  const saved = (entry.outputs?.[NODE.save.id]?.images ?? []).filter(isSaved);
  if (saved.length) return saved;
  return Object.values(entry.outputs ?? {}).flatMap((o) => (o.images ?? []).filter(isSaved));
}

/** The input upright (EXIF orientation applied) as PNG, at the size it is sampled at. */
function uprightPng(image: EngineImage, size: { width: number; height: number }): Promise<Buffer> {
  return sharp(image.data).rotate().resize(size.width, size.height, { fit: 'fill' }).png().toBuffer();
}

/** Edges of the pasted-back region are softened over about this many pixels. */
const PASTE_FEATHER_SIGMA = 1.5;

/**
 * Inpainting redraws the masked area only; decoding re-renders every pixel, so the result is
 * pasted back into the original through the (slightly feathered) mask: pixels the mask keeps
 * stay exactly as they were.
 */
async function pasteBack(image: EngineImage, mask: EngineImage): Promise<(output: Buffer) => Promise<Buffer>> {
  const { width, height } = image;
  const binary = await binaryMaskPixels(image, mask);
  const alpha = await sharp(Buffer.from(binary), { raw: { width, height, channels: 1 } })
    .blur(PASTE_FEATHER_SIGMA)
    .raw()
    .toBuffer();
  // The blur must not reach into what the mask keeps: there the original stays bit-exact.
  for (let i = 0; i < alpha.length; i++) if (binary[i] === 0) alpha[i] = 0;
  const original = await sharp(image.data).rotate().removeAlpha().raw().toBuffer();
  return async (output) => {
    const redrawn = await sharp(output).resize(width, height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
    const blended = Buffer.alloc(width * height * 3);
    for (let i = 0; i < alpha.length; i++) {
      const a = alpha[i]!;
      for (let c = 0; c < 3; c++) {
        const at = i * 3 + c;
        blended[at] = a === 0 ? original[at]! : Math.round((redrawn[at]! * a + original[at]! * (255 - a)) / 255);
      }
    }
    return sharp(blended, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
  };
}

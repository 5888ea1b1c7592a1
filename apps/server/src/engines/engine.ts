import type { EngineKind, ErrorCode, ImageField, ToolId, ToolOptions } from '@atelier/contracts';

/** An image handed to or produced by an engine: bytes plus what they were identified as. */
export interface EngineImage {
  data: Buffer;
  mediaType: string;
  width: number;
  height: number;
}

export interface EngineInput<T extends ToolId = ToolId> {
  tool: T;
  options: ToolOptions<T>;
  /** The run's uploaded images by field, already checked (format, size, pixel limits). */
  images: Partial<Record<ImageField, EngineImage>>;
}

/**
 * An engine returns bytes, or — like a provider — a URL that the pipeline downloads at once
 * into Atelier's storage (provider links expire; outputs must not).
 */
export type EngineOutput = EngineImage | { url: string };

export interface EngineContext {
  /** 0..100; engines report real stages (tiles, sampler steps, upload/wait/download). */
  onProgress(percent: number, stage?: string): void;
  /** Aborted when the worker stops or gives the run up. */
  signal: AbortSignal;
}

export interface Engine {
  id: string;
  kind: Exclude<EngineKind, 'client'>;
  supports(tool: ToolId): boolean;
  /**
   * Option values of a tool this engine has no real model for and hands to the demo engine
   * (e.g. creative upscale on the local engine), so `GET /api/tools` can say so per option.
   */
  demoOptions?(tool: ToolId): Record<string, readonly string[]>;
  /**
   * Option fields of a tool this engine takes no notice of (Recraft's model on Stability, styles
   * on OpenAI …), so the page leaves them out instead of offering choices that change nothing.
   */
  ignoredOptions?(tool: ToolId): readonly string[];
  run(input: EngineInput, context: EngineContext): Promise<EngineOutput[]>;
}

/**
 * An engine failure meant for the user: the code is one of the contract's (content policy,
 * provider rate limit, timeout, bad input …). Any other error is reported as INTERNAL.
 */
export class EngineError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

/** An input image the tool requires (validation has already checked it is there). */
export function needImage(image: EngineImage | undefined, what: string): EngineImage {
  if (!image) throw new EngineError('VALIDATION_ERROR', `The run has no ${what}`);
  return image;
}

import type { EngineImage, EngineInput } from '../../engine.ts';

/**
 * What travels between the HTTP process and a pool process (Node's "advanced" IPC
 * serialization, so image bytes go as binary, not JSON). Buffers may arrive as plain
 * Uint8Arrays: `asBuffer` restores them without a copy.
 */
export type EngineTask =
  /** One run of a local tool: the result is its images. */
  | { kind: 'run-tool'; input: EngineInput }
  /** An SVG to sanitize before it is stored (a traced photo's SVG takes the sanitizer long). */
  | { kind: 'sanitize-svg'; svg: string }
  /** Nothing: answered once the process has loaded the engines' code (the pool's warm start). */
  | { kind: 'warm-up' };

export type EngineTaskResult<T extends EngineTask> = T extends { kind: 'run-tool' }
  ? EngineImage[]
  : T extends { kind: 'sanitize-svg' }
    ? string
    : null;

/** Engine work yields the CPU to the HTTP process whenever both want it (ADR 0015). */
export const ENGINE_NICENESS = 10;
/** The niceness a pool process is to run at (the server's own plus ENGINE_NICENESS). */
export const ENGINE_NICENESS_ENV = 'ATELIER_ENGINE_NICENESS';

/** The niceness of engine processes started by a process of niceness `own`. */
export const engineNiceness = (own: number) => Math.min(19, own + ENGINE_NICENESS);

/** A progress report a pool process sends while it works on a task. */
export interface ProgressMessage {
  type: 'atelier:progress';
  percent: number;
  stage?: string;
}

export const isProgressMessage = (message: unknown): message is ProgressMessage =>
  typeof message === 'object' && message !== null && (message as ProgressMessage).type === 'atelier:progress';

export const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export const withBuffer = (image: EngineImage): EngineImage => ({ ...image, data: asBuffer(image.data) });

/** The same images by field with their bytes as Buffers again. */
export function withBuffers<T extends Partial<Record<string, EngineImage>>>(images: T): T {
  return Object.fromEntries(Object.entries(images).map(([field, image]) => [field, image && withBuffer(image)])) as T;
}

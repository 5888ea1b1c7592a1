import type { EngineInput } from '../../engine.ts';
import type { ImageInFile } from './image-files.ts';

/** A run's input as it reaches a pool process: its images wait in files (image-files.ts). */
export interface EngineInputInFiles extends Omit<EngineInput, 'images'> {
  images: Partial<Record<keyof EngineInput['images'], ImageInFile>>;
}

/**
 * What travels between the HTTP process and a pool process (Node's "advanced" IPC
 * serialization). Image bytes never travel in a message: they go through files.
 */
export type EngineTask =
  /** One run of a local tool: the result is its images, written to files in `dir`. */
  | { kind: 'run-tool'; input: EngineInputInFiles; dir: string }
  /** An SVG to sanitize before it is stored (a traced photo's SVG takes the sanitizer long). */
  | { kind: 'sanitize-svg'; svg: string }
  /** Nothing: answered once the process has loaded the engines' code (the pool's warm start). */
  | { kind: 'warm-up' };

export type EngineTaskResult<T extends EngineTask> = T extends { kind: 'run-tool' }
  ? ImageInFile[]
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

/**
 * Sent by a pool process as it takes a task: which process runs it, so that aborting the task
 * can end that process at once (it ignores SIGTERM, engine-worker.ts).
 */
export interface TaskStartedMessage {
  type: 'atelier:started';
  pid: number;
}

export const isTaskStartedMessage = (message: unknown): message is TaskStartedMessage =>
  typeof message === 'object' && message !== null && (message as TaskStartedMessage).type === 'atelier:started';

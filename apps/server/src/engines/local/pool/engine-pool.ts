import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Tinypool from 'tinypool';
import type { Logger } from '../../../platform/logging/logger.ts';
import { type EngineContext, EngineError, type EngineImage, type EngineInput } from '../../engine.ts';
import { ENGINE_THREADS_ENV } from '../compute-threads.ts';
import {
  ENGINE_NICENESS_ENV,
  type EngineTask,
  type EngineTaskResult,
  engineNiceness,
  isProgressMessage,
  isTaskStartedMessage,
} from './engine-task.ts';
import { fieldsToFiles, fromFile, removeFile } from './image-files.ts';

/**
 * The local engines' processes (ADR 0015). Every CPU-heavy step of a local model — decoding,
 * per-pixel loops, onnxruntime, OpenCV, vtracer, libvips — runs in one of these,
 * never on the thread that serves HTTP.
 */
export interface EnginePool {
  /**
   * Runs one local tool in a pool process. Its progress reaches `context.onProgress`;
   * `context.signal` aborts it by ending that process (a native call cannot be interrupted
   * otherwise), and the pool starts a fresh one.
   */
  runTool(input: EngineInput, context: EngineContext): Promise<EngineImage[]>;
  /**
   * Starts the processes now and resolves once each has loaded the engines' code, so the first
   * run does not pay for it while people are using the server. Models still load on first use.
   */
  warm(): Promise<void>;
  /** `sanitizeSvg` (platform/images) in a pool process: a large SVG takes it a while. */
  sanitizeSvg(svg: string, signal: AbortSignal): Promise<string>;
  /** The pool's processes, once started (the benchmark and tests watch them). */
  pids(): number[];
  /** Aborts the tasks in progress and ends every pool process. */
  close(): Promise<void>;
}

export interface EnginePoolOptions {
  /** Processes, each running one task at a time with its models loaded once. */
  size: number;
  logger: Logger;
}

/**
 * The bundle's entry (dist/engine-worker.js, beside dist/main.js and dist/worker.js) or, when
 * this module runs from source (tests, benchmarks), the TypeScript file through tsx's loader.
 */
function workerEntry(): { filename: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = fileURLToPath(new URL(fromSource ? './engine-worker.ts' : './engine-worker.js', import.meta.url));
  if (!fromSource) return { filename, execArgv: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { filename, execArgv: ['--import', tsx] };
}

/** An error as it crossed the process boundary (a plain object) made an Error again. */
function revive(error: unknown): Error {
  if (error instanceof Error) return error;
  const e = (error ?? {}) as { name?: string; message?: string; code?: string; stack?: string };
  if (e.name === 'EngineError' && e.code) return new EngineError(e.code as EngineError['code'], e.message ?? '');
  const revived = new Error(e.message ?? String(error));
  if (e.stack) revived.stack = e.stack;
  return revived;
}

/** Sets a process's niceness once; a process that has ended, or a refusal, is passed over. */
function lowerPriority(pid: number, niceness: number, done: Set<number>) {
  if (done.has(pid)) return;
  done.add(pid);
  try {
    os.setPriority(pid, niceness);
  } catch {
    // The process lowers its own priority too (engine-worker.ts).
  }
}

/**
 * A pool of child processes (tinypool's `child_process` runtime), started by `warm()` or the
 * first task.
 * Processes rather than worker threads: ending one is immediate even in the middle of a native
 * call (onnxruntime's inference is one synchronous call of seconds), a crash or an
 * out-of-memory in a model takes down only that process, and its memory (ISNet ~2.5 GB) is
 * returned to the system at once.
 */
export function createEnginePool({ size, logger }: EnginePoolOptions): EnginePool {
  // Every task may use every core: a run alone on an idle machine goes at the machine's speed
  // (ESRGAN and ISNet on onnxruntime scale with threads). When runs overlap their threads share
  // the cores — onnxruntime's do not spin while idle (onnx-session.ts) — and all of them run at
  // the engines' lower priority, so the HTTP thread still wins a core whenever it wants one.
  const threads = os.availableParallelism();
  const closing = new AbortController();
  let pool: Tinypool | undefined;
  // Where images wait between this process and the pool's (image-files.ts): made with the pool,
  // removed with it, so a file left by a process ended mid-task does not outlive the server.
  let filesDir: string | undefined;
  const niceness = engineNiceness(os.getPriority());
  const lowered = new Set<number>();
  const pids = () => (pool ? pool.threads.map((t) => t?.threadId).filter((id): id is number => id !== undefined) : []);
  // A new process starts at our priority and loads the engines' code at once: lower it right
  // after the pool has started it (at start, and after a process was ended and replaced).
  const lowerPriorities = () => {
    for (const pid of pids()) lowerPriority(pid, niceness, lowered);
  };

  const start = () => {
    const { filename, execArgv } = workerEntry();
    const env = Object.fromEntries(
      Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    const started = new Tinypool({
      runtime: 'child_process',
      filename,
      execArgv,
      env: { ...env, [ENGINE_THREADS_ENV]: String(threads), [ENGINE_NICENESS_ENV]: String(niceness) },
      serialization: 'advanced',
      // Every process stays up with its models warm; none is ended for being idle.
      minThreads: size,
      maxThreads: size,
      concurrentTasksPerWorker: 1,
    });
    started.on('error', (err: unknown) => logger.error({ err }, 'engine pool process failed'));
    logger.info({ processes: size, threadsPerTask: threads }, 'engine pool started');
    return started;
  };

  /** Runs a task; `onProgress` hears the progress the pool process reports while on it. */
  async function run<T extends EngineTask>(
    task: T,
    signal: AbortSignal,
    onProgress: EngineContext['onProgress'] = () => {},
  ): Promise<EngineTaskResult<T>> {
    if (closing.signal.aborted) throw new EngineError('INTERNAL', 'The engine pool is closed');
    pool ??= start();
    lowerPriorities(); // a process just started (the pool's first, or a replacement) is lowered now
    const stop = AbortSignal.any([signal, closing.signal]);
    // The process running the task ignores SIGTERM (engine-worker.ts); the pool's own ending of
    // it would wait a second for its SIGKILL, so an aborted task's process is killed at once.
    let runner: number | undefined;
    const kill = () => {
      if (runner === undefined) return;
      try {
        process.kill(runner, 'SIGKILL');
      } catch {
        // Ended already.
      }
    };
    try {
      const result = pool.run(task, {
        signal: stop,
        channel: {
          onMessage: () => {},
          postMessage: (message: unknown) => {
            if (isTaskStartedMessage(message)) runner = message.pid;
            else if (isProgressMessage(message) && !signal.aborted) onProgress(message.percent, message.stage);
          },
        },
      });
      // After the pool's own listener, which takes the process off the pool first.
      stop.addEventListener('abort', kill, { once: true });
      return (await result) as EngineTaskResult<T>;
    } catch (error) {
      // An aborted task's process is ended and replaced: lower the new one's priority.
      setImmediate(lowerPriorities);
      // The run's own reason (lease lost, shutdown) rather than the pool's generic AbortError.
      if (signal.aborted) throw signal.reason;
      throw revive(error);
    } finally {
      stop.removeEventListener('abort', kill);
    }
  }

  return {
    async warm() {
      if (closing.signal.aborted) return;
      const since = performance.now();
      try {
        // One task per process: each is taken by an idle process (one task at a time each).
        await Promise.all(Array.from({ length: size }, () => run({ kind: 'warm-up' }, closing.signal)));
        logger.info({ processes: size, ms: Math.round(performance.now() - since) }, 'engine pool ready');
      } catch (err) {
        // Stopping while warming, or a process that failed to start: the first run retries.
        if (!closing.signal.aborted) logger.warn({ err }, 'engine pool did not warm up');
      }
    },
    async runTool(input, { onProgress, signal }) {
      filesDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-engine-'));
      const images = await fieldsToFiles(filesDir, input.images);
      try {
        const outputs = await run({ kind: 'run-tool', input: { ...input, images }, dir: filesDir }, signal, onProgress);
        return await Promise.all(outputs.map(fromFile));
      } finally {
        // Read and removed by the pool process, unless it failed or was ended first.
        await Promise.all(Object.values(images).map((image) => image && removeFile(image.file)));
      }
    },
    sanitizeSvg: (svg, signal) => run({ kind: 'sanitize-svg', svg }, signal),
    pids,
    async close() {
      closing.abort(new EngineError('INTERNAL', 'The engine pool is closing'));
      // The processes ignore SIGTERM (engine-worker.ts): the pool's terminate would wait a
      // second for its SIGKILL. Ending them is this process's decision, so it is made at once.
      const running = pids();
      const destroyed = pool?.destroy(); // takes the processes off the pool, then waits for them to exit
      for (const pid of running) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Ended already.
        }
      }
      await destroyed;
      if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

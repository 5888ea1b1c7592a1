// The entry of an engine pool process (engine-pool.ts): runs one task at a time — a local tool,
// or sanitizing an SVG — off the process that serves HTTP. Built as dist/engine-worker.js; run from source through tsx.
import fs from 'node:fs';
import os from 'node:os';
import { sanitizeSvg } from '../../../platform/images/sanitize-svg.ts';
import type { EngineContext } from '../../engine.ts';
import { runLocalTool } from '../local-tools.ts';
import {
  ENGINE_NICENESS_ENV,
  type EngineTask,
  type EngineTaskResult,
  type ProgressMessage,
  type TaskStartedMessage,
} from './engine-task.ts';
import { fieldsFromFiles, toFile } from './image-files.ts';

// The pool lowers our priority as soon as it has started us (engine-pool.ts), so the engines'
// code — imported above, before this line runs — already loads at the lower priority; this
// covers a process the pool could not reach.
const niceness = Number(process.env[ENGINE_NICENESS_ENV]);

/**
 * Lowers every thread of this process. On Linux a priority belongs to a thread, and threads
 * take their creator's priority when they start: Node's own threads (its thread pool, where
 * onnxruntime's runs are called from and compute, and V8's helpers) may have started before
 * the pool lowered this process's main thread. Done at start and before each task, so threads
 * started since are lowered too.
 */
function lowerEveryThread() {
  if (!Number.isInteger(niceness)) return;
  let threads: number[] = [];
  try {
    threads = fs.readdirSync('/proc/self/task').map(Number);
  } catch {
    // No /proc (not Linux): a priority there belongs to the whole process.
  }
  for (const tid of [0, ...threads]) {
    try {
      os.setPriority(tid, niceness);
    } catch {
      // A thread that has ended, or not allowed on this system: the work still runs.
    }
  }
}
lowerEveryThread();

// A signal to the whole process group — Ctrl-C in a terminal (SIGINT), systemd's default
// KillMode=control-group or `kill -TERM -<pgid>` (SIGTERM) — reaches this process too. The
// parent decides when this process ends: it lets the run finish or hands it back to the queue,
// then ends us itself (the pool's SIGTERM is ignored like any other, and its SIGKILL follows
// within a second; engine-pool.ts sends SIGKILL at once when it closes).
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
// A parent that died without stopping us (kill -9): nobody will read the result.
process.on('disconnect', () => process.exit(0));

const send = (message: ProgressMessage | TaskStartedMessage) => {
  if (process.connected) process.send?.(message);
};

/**
 * Aborting a task ends this whole process (the pool kills it), so the signal handed to the
 * engine never fires: a model in the middle of a native call could not notice it anyway.
 */
const never = new AbortController().signal;

export default async function runEngineTask(task: EngineTask): Promise<EngineTaskResult<EngineTask>> {
  send({ type: 'atelier:started', pid: process.pid });
  lowerEveryThread();
  if (task.kind === 'warm-up') return null;
  if (task.kind === 'sanitize-svg') return sanitizeSvg(task.svg);
  const context: EngineContext = {
    onProgress: (percent, stage) => send({ type: 'atelier:progress', percent, ...(stage ? { stage } : {}) }),
    signal: never,
  };
  const images = await runLocalTool({ ...task.input, images: await fieldsFromFiles(task.input.images) }, context);
  return Promise.all(images.map((image) => toFile(task.dir, image)));
}

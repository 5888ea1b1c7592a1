import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Run } from '@atelier/contracts';
import { cookieOf } from './users.ts';

/** Server and worker processes started the way operators start them, for tests and benchmarks. */

export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  output(): string;
  /** The first log line (pino JSON) whose message contains `text`, parsed; waits for it. */
  logLine<T = Record<string, unknown>>(text: string, timeoutMs?: number): Promise<T>;
}

/**
 * Starts `node <args>` in apps/server with `env` added, collecting its output. With `ownGroup`
 * the process leads a process group of its own (as under systemd, or a terminal's job), which
 * its engine processes join: `process.kill(-pid, signal)` then signals all of them at once.
 */
export function startProcess(
  args: string[],
  env: Record<string, string>,
  { ownGroup = false }: { ownGroup?: boolean } = {},
): ServerProcess {
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'info', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: ownGroup,
  });
  let output = '';
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // Its output and its pipes closed: nothing more will be said.
  let closed = false;
  child.on('close', () => {
    closed = true;
  });
  // Read again each time the process writes (the listeners above have added it to `output`).
  const logLine = <T>(text: string, timeoutMs = 60_000): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const settle = (fail?: string) => {
        clearTimeout(timer);
        for (const stream of [child.stdout!, child.stderr!]) stream.off('data', look);
        child.off('close', look);
        if (fail) reject(new Error(`${fail}:\n${output}`));
      };
      const look = () => {
        // Whole lines only: the last piece may be a line still being written.
        const lines = output.split('\n').slice(0, -1);
        const line = lines.find((l) => l.startsWith('{') && l.includes(text));
        if (line) {
          settle();
          resolve(JSON.parse(line) as T);
        } else if (closed) settle(`process exited before "${text}"`);
      };
      const timer = setTimeout(() => settle(`no "${text}" within ${timeoutMs} ms`), timeoutMs);
      for (const stream of [child.stdout!, child.stderr!]) stream.on('data', look);
      child.on('close', look);
      look();
    });
  return { child, exited, output: () => output, logLine };
}

/** Sends `signal` and resolves with the exit code and how long the process took to end. */
export async function stopProcess(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM') {
  const sent = performance.now();
  server.child.kill(signal);
  const code = await server.exited;
  return { code, ms: performance.now() - sent };
}

/**
 * Bundles the server with its own build script into a fresh folder under apps/server (so the
 * bundle finds node_modules as dist/ does) and returns the folder; `npm start` runs the same
 * files from dist/. Remove it with `fs.rmSync(dir, { recursive: true })`.
 */
export function buildServerBundle(): string {
  const cache = path.join(serverDir, 'node_modules', '.cache');
  fs.mkdirSync(cache, { recursive: true });
  const dir = fs.mkdtempSync(path.join(cache, 'atelier-bundle-'));
  const res = spawnSync(process.execPath, ['build.mjs', '--outdir', dir], { cwd: serverDir, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`build failed:\n${res.stdout}${res.stderr}`);
  return dir;
}

/** A signed-in client of a server listening at `baseUrl` (its PUBLIC_URL). */
export async function signedInClient(baseUrl: string) {
  const email = `user${Date.now()}${Math.round(Math.random() * 1e6)}@example.com`;
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: 'correct horse battery', name: 'shutdown' }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const { user } = (await signUp.json()) as { user: { id: string } };
  const headers = { cookie: cookieOf(signUp), origin: baseUrl };
  /** A run start; anything but the `expected` status is an error naming `refusal`. */
  const postRun = async (
    tool: string,
    form: FormData,
    extra: Record<string, string>,
    expected: number,
    refusal: string,
  ) => {
    // A connection of its own: a run's upload may follow seconds of a benchmark's baseline
    // blocking this event loop, during which a kept-alive socket can reach the server's
    // keep-alive timeout and be closed under the upload (EPIPE).
    const res = await fetch(`${baseUrl}/api/tools/${tool}/runs`, {
      method: 'POST',
      body: form,
      headers: { ...headers, ...extra, connection: 'close' },
    });
    if (res.status !== expected) throw new Error(`${refusal}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { run: Run }).run;
  };
  const client = {
    userId: user.id,
    async startRun(tool: string, form: FormData): Promise<Run> {
      return postRun(tool, form, {}, 202, 'run refused');
    },
    /** Starts a run and waits for its end in the same call (`Prefer: wait`): the run as it ended. */
    async runAndWait(tool: string, form: FormData, waitSeconds = 300): Promise<Run> {
      return postRun(tool, form, { prefer: `wait=${waitSeconds}` }, 200, 'run not finished');
    },
    async getRun(id: string): Promise<Run> {
      const res = await fetch(`${baseUrl}/api/runs/${id}`, { headers });
      if (!res.ok) throw new Error(`GET run: ${res.status}`);
      return ((await res.json()) as { run: Run }).run;
    },
    /** Polls the run until `until` holds (by hand, not vi.waitFor: the benches use this client outside Vitest). */
    async waitForRun(id: string, until: (run: Run) => boolean, timeoutMs = 240_000): Promise<Run> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const run = await client.getRun(id);
        if (until(run)) return run;
        if (Date.now() > deadline) throw new Error(`run ${id} stayed ${run.status} at ${run.progress}%`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
  return client;
}

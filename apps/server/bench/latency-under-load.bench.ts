// Latency under engine load: while one user's tool run works, do other people's
// requests still get quick answers? On the embedded default — the built server, as `npm start`
// runs it, with the inline worker and its engine pool — `/api/health` and `GET /api/artworks`
// are each requested 20 times a second (open loop: on schedule, whatever the answers) while
// each local engine runs on a 2048 px image, and the same with no run at all, measured on the
// same server just before the runs (so a machine whose other load changes over the benchmark
// compares like with like); runs follow each other for at least as long as that idle window. Each engine gets a fresh server process, so the peak memory of the
// pool process that ran it is that engine's alone. Goal: p99 under load ≤ 2 × p99 idle, ≤ 50 ms.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { runForm } from '../test/support/images.ts';
import { squarePhoto } from '../test/support/photos.ts';
import { buildServerBundle, signedInClient, startProcess, stopProcess } from '../test/support/server-processes.ts';

const RATE_PER_SECOND = 20;
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
const SIDE = Number(process.env.BENCH_ENGINE_SIDE ?? 2048);
const RUN_DEADLINE_MS = 15 * 60_000;
/** BENCH_ONLY=eraser,inpainting runs only the cases whose name contains one of the words. */
const ONLY = process.env.BENCH_ONLY?.split(',').map((w) => w.trim().toLowerCase());
/** Extra node flags for the server, e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof". */
const NODE_ARGS = process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];

interface Case {
  name: string;
  tool: string;
  form: () => Promise<FormData>;
}

const photo = () => squarePhoto('astronaut.jpg', SIDE);
/** White (to fill) in a square in the middle, as the inpainting page draws it. */
async function centreMask(): Promise<Buffer> {
  const hole = Math.round(SIDE / 8);
  return sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: '#000' } })
    .composite([
      {
        input: { create: { width: hole, height: hole, channels: 3, background: '#fff' } },
        left: (SIDE - hole) >> 1,
        top: (SIDE - hole) >> 1,
      },
    ])
    .png()
    .toBuffer();
}

const cases: Case[] = [
  {
    name: 'crisp upscale (ESRGAN ×2)',
    tool: 'image-upscale',
    form: async () => runForm({ upscaleType: 'crisp' }, { image: await photo() }),
  },
  { name: 'AI eraser (ISNet)', tool: 'ai-eraser', form: async () => runForm({}, { image: await photo() }) },
  {
    name: 'replace background (ISNet)',
    tool: 'replace-background',
    form: async () => runForm({ prompt: 'a quiet beach', n: '1' }, { image: await photo() }),
  },
  { name: 'vectorization (vtracer)', tool: 'vectorization', form: async () => runForm({}, { image: await photo() }) },
  {
    name: 'inpainting (OpenCV)',
    tool: 'inpainting',
    form: async () => runForm({ prompt: 'fill' }, { image: await photo(), mask: await centreMask() }),
  },
  {
    name: 'photo editor enhance (libvips)',
    tool: 'ai-photo-editor',
    form: async () => runForm({ editType: 'enhance', strength: '0.8' }, { image: await photo() }),
  },
];

/** A port nobody listens on now (the server is started on it right after). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Requests each path RATE_PER_SECOND times a second on a fixed schedule (a late answer does
 * not delay the next request, so a stalled server shows up as long waits, not fewer samples).
 */
function loadGenerator(baseUrl: string, paths: string[]) {
  const samples = new Map<string, number[]>(paths.map((p) => [p, []]));
  const pending: Promise<void>[] = [];
  const interval = 1000 / RATE_PER_SECOND;
  const started = performance.now();
  let stopped = false;
  let tick = 0;
  const next = () => {
    if (stopped) return;
    for (const p of paths) {
      const sent = performance.now();
      pending.push(
        fetch(`${baseUrl}${p}`)
          .then((res) => res.arrayBuffer())
          .then(() => void samples.get(p)!.push(performance.now() - sent)),
      );
    }
    tick++;
    setTimeout(next, Math.max(0, started + tick * interval - performance.now()));
  };
  next();
  return {
    async stop() {
      stopped = true;
      await Promise.all(pending);
      return samples;
    },
  };
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

/** The processes a process started (its engine pool), from /proc. */
function childrenOf(pid: number): number[] {
  const dir = `/proc/${pid}/task`;
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .flatMap((tid) => fs.readFileSync(`${dir}/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean))
    .map(Number);
}

/** A process's peak resident memory so far (VmHWM), in MiB. */
function peakRssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

interface Row {
  name: string;
  /** The first run's time (model loading included). */
  runSeconds: number;
  /** Runs made back to back while measuring. */
  runs: number;
  status: string;
  idle: Map<string, number[]>;
  latency: Map<string, number[]>;
  enginePeakMiB?: number;
  serverPeakMiB: number;
  exitMs: number;
}

const PATHS = ['/api/health', '/api/artworks'];
const bundle = buildServerBundle();
const rows: Row[] = [];
try {
  for (const c of cases.filter((c) => !ONLY || ONLY.some((w) => c.name.toLowerCase().includes(w)))) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-load-'));
    const port = Number(process.env.BENCH_PORT ?? (await freePort()));
    const baseUrl = `http://127.0.0.1:${port}`;
    const server = startProcess([...NODE_ARGS, path.join(bundle, 'main.js')], {
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      // As `npm start` runs: development, and every request logged at the default level.
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
    });
    try {
      await server.logLine('Atelier is ready');
      // As a server that has been up a moment: its engine processes have started (main.ts).
      await server.logLine('engine pool ready');
      const client = await signedInClient(baseUrl);
      // Warm-up: JIT, database caches, keep-alive sockets.
      await loadGenerator(baseUrl, PATHS).stop();
      for (let i = 0; i < 20; i++)
        await Promise.all(PATHS.map((p) => fetch(`${baseUrl}${p}`).then((r) => r.arrayBuffer())));

      // No run: the baseline, on this server, right before the run.
      const idleLoad = loadGenerator(baseUrl, PATHS);
      await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
      const idle = await idleLoad.stop();

      // Runs back to back for at least as long as the idle window, so both have as many
      // samples and each p99 is a percentile rather than one unlucky request (a 2 s run alone
      // gives 40 samples a path, whose "p99" is its maximum). The first run loads the model.
      const form = await c.form();
      const load = loadGenerator(baseUrl, PATHS);
      const started = performance.now();
      let runs = 0;
      let runSeconds = 0;
      let status = 'succeeded';
      do {
        const runStarted = performance.now();
        const { id } = await client.startRun(c.tool, form);
        const run = await client.waitForRun(
          id,
          (r) => r.status === 'succeeded' || r.status === 'failed',
          RUN_DEADLINE_MS,
        );
        if (runs++ === 0) runSeconds = (performance.now() - runStarted) / 1000;
        if (run.status !== 'succeeded') status = run.status;
      } while (status === 'succeeded' && performance.now() - started < IDLE_SECONDS * 1000);
      const latency = await load.stop();
      const pool = childrenOf(server.child.pid!);
      const enginePeakMiB = pool.length ? Math.max(...pool.map(peakRssMiB)) : undefined;
      const serverPeakMiB = peakRssMiB(server.child.pid!);
      const stopped = await stopProcess(server);
      rows.push({
        name: c.name,
        runSeconds,
        runs,
        status,
        idle,
        latency,
        enginePeakMiB,
        serverPeakMiB,
        exitMs: stopped.ms,
      });
      console.log(`${c.name}: ${runs} run(s), the first in ${runSeconds.toFixed(1)} s (${status})`);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  fs.rmSync(bundle, { recursive: true, force: true });
}

const ms = (v: number) => (v < 10 ? v.toFixed(1) : v.toFixed(0));
const stats = (xs: number[]) => `${ms(percentile(xs, 50))} / ${ms(percentile(xs, 99))} / ${ms(Math.max(...xs))}`;
console.log(
  `\n${os.availableParallelism()} cores, ${RATE_PER_SECOND} requests/s to each path, ${SIDE} px inputs; latency in ms as p50 / p99 / max; idle = the ${IDLE_SECONDS} s just before the run, same server`,
);
console.log(
  '\n| while this runs | runs | first run (s) | `/api/health` idle | under load | `GET /api/artworks` idle | under load | worst p99 ÷ idle p99 | goal met | engine process peak RSS | SIGTERM → exit |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|:---:|---:|---:|');
for (const r of rows) {
  const p99 = (m: Map<string, number[]>, p: string) => percentile(m.get(p)!, 99);
  const ratio = Math.max(...PATHS.map((p) => p99(r.latency, p) / p99(r.idle, p)));
  const worst = Math.max(...PATHS.map((p) => p99(r.latency, p)));
  const cells = PATHS.flatMap((p) => [stats(r.idle.get(p)!), stats(r.latency.get(p)!)]);
  console.log(
    `| ${r.name}${r.status === 'succeeded' ? '' : ` (${r.status})`} | ${r.runs} | ${r.runSeconds.toFixed(1)} | ${cells.join(' | ')} | ${ratio.toFixed(2)} | ${ratio <= 2 && worst <= 50 ? 'yes' : 'no'} | ${r.enginePeakMiB === undefined ? '' : `${r.enginePeakMiB.toFixed(0)} MiB`} | ${(r.exitMs / 1000).toFixed(1)} s |`,
  );
}
console.log(
  `\nGoal: p99 under load ≤ 2 × p99 idle and ≤ 50 ms. Each engine runs on a fresh server whose engine processes have started; runs follow each other for at least the ${IDLE_SECONDS} s of the idle window (the first one loads the model).` +
    `\nEngine process peak RSS: the largest VmHWM among the pool processes, i.e. the one that ran the engine; the server process itself peaked at ${Math.max(...rows.map((r) => r.serverPeakMiB)).toFixed(0)} MiB.`,
);
process.exit(0);

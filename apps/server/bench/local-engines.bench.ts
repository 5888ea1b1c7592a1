// `npm run bench`: the local engines against their baselines (the alternatives compared when
// the engines were chosen, or how the engine ran before) on the same images in the same run, so the ratios
// hold on a busy machine even when the seconds do not. Ours and the baseline alternate run by
// run (after one warm-up run of each), so a change in the machine's other load falls on both;
// each figure is the median of RUNS timed runs, in wall and in CPU seconds (the CPU ratio holds
// best on a loaded machine). The 1-minute load average is printed beside each row. Then
// background removal and crisp upscale through the API (a run as a person makes one) against
// the same baselines; the seconds, CPU seconds and peak memory of a 2048 px crisp upscale in an
// engine process; PNG results as written now against as written before (time and bytes); a
// replace-background run's seconds; and the quality the faster engines hold against their baselines.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { EngineContext, EngineImage, EngineInput } from '../src/engines/engine.ts';
import { cutOutSubject } from '../src/engines/local/eraser/erase-background.ts';
import { encodeImage, readPlanes } from '../src/engines/local/image-io.ts';
import { runLocalTool } from '../src/engines/local/local-tools.ts';
import { packageDir } from '../src/engines/local/package-dir.ts';
import { createEnginePool } from '../src/engines/local/pool/engine-pool.ts';
import { segmentSubject } from '../src/engines/local/segmentation/isnet-session.ts';
import { upscaleCrisp } from '../src/engines/local/upscale/esrgan-upscaler.ts';
import { traceToSvg } from '../src/engines/local/vectorize/trace-to-svg.ts';
import { createLogger } from '../src/platform/logging/logger.ts';
import { runForm } from '../test/support/images.ts';
import { referenceMask } from '../test/support/isnet-reference.ts';
import { photoBytes } from '../test/support/photos.ts';
import { maskIoU, psnr, qualityImages } from '../test/support/quality-images.ts';
import { buildServerBundle, signedInClient, startProcess, stopProcess } from '../test/support/server-processes.ts';
import { upscalerJsBaseline } from '../test/support/upscalerjs-baseline.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** BENCH_ONLY=isnet,esrgan runs only the parts whose name contains one of the words. */
const ONLY = process.env.BENCH_ONLY?.split(',').map((w) => w.trim().toLowerCase());
const wanted = (name: string) => !ONLY || ONLY.some((w) => name.toLowerCase().includes(w));
const context: EngineContext = { onProgress: () => {}, signal: new AbortController().signal };
const load = () => os.loadavg()[0]!.toFixed(1);

const seconds = async (fn: () => Promise<unknown>) => {
  const start = performance.now();
  await fn();
  return (performance.now() - start) / 1000;
};
/**
 * Wall and CPU seconds of one call. CPU time counts every thread of this process (onnxruntime's
 * and libvips's pools included) and, unlike the wall time, hardly depends on what else the
 * machine runs: on a shared machine it is the steadier figure of the work a call does.
 */
const timed = async (fn: () => Promise<unknown>) => {
  const cpu = process.cpuUsage();
  const wall = await seconds(fn);
  const used = process.cpuUsage(cpu);
  return { wall, cpu: (used.user + used.system) / 1e6 };
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Medians of ours and the baseline, run alternately (the order swapped each round). */
async function paired(ours: () => Promise<unknown>, baseline: () => Promise<unknown>) {
  await ours(); // warm-up: models loaded, caches filled
  await baseline();
  const a: { wall: number; cpu: number }[] = [];
  const b: { wall: number; cpu: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (i % 2 === 0) {
      a.push(await timed(ours));
      b.push(await timed(baseline));
    } else {
      b.push(await timed(baseline));
      a.push(await timed(ours));
    }
  }
  return {
    ours: median(a.map((r) => r.wall)),
    baseline: median(b.map((r) => r.wall)),
    oursCpu: median(a.map((r) => r.cpu)),
    baselineCpu: median(b.map((r) => r.cpu)),
  };
}

async function square(side: number): Promise<EngineImage> {
  const data = await sharp(photoBytes('astronaut.jpg')).resize(side, side).png().toBuffer();
  return { data, mediaType: 'image/png', width: side, height: side };
}

/** The baseline of background removal: the imgly Node package (the same ISNet, `medium`), PNG out. */
async function imglyBaseline(image: EngineImage) {
  const { removeBackground } = (await import(
    '@imgly/background-removal-node'
  )) as typeof import('@imgly/background-removal-node');
  const blob = new Blob([new Uint8Array(image.data)], { type: 'image/png' });
  // Its default publicPath is relative to the working directory: point it at its own dist.
  const publicPath = `file://${path.join(packageDir('@imgly/background-removal-node'), 'dist')}/`;
  return () => removeBackground(blob, { publicPath, model: 'medium', output: { format: 'image/png' } });
}

interface Row {
  task: string;
  ours: number;
  baselineName: string;
  baseline: number;
  oursCpu: number;
  baselineCpu: number;
  goal?: number;
  load: string;
}
const rows: Row[] = [];

// 1. Background removal of a 1024² photo: our warm ISNet session vs the imgly Node package
// (the same ISNet, `medium`), whole calls (decode to encoded PNG) on both sides.
if (wanted('isnet background removal')) {
  const image = await square(1024);
  const t = await paired(() => cutOutSubject(image, context), await imglyBaseline(image));
  rows.push({
    task: 'background removal 1024²',
    ...t,
    baselineName: '@imgly/background-removal-node',
    goal: 0.25,
    load: load(),
  });
}

// 2. ESRGAN ×2 of 512²: the ONNX graph, tiled, vs UpscalerJS on tfjs-wasm (its default path:
// the whole image in one pass) with the same weights.
if (wanted('esrgan upscale')) {
  const image = await square(512);
  const upscalerJs = await upscalerJsBaseline();
  const pixels = await sharp(image.data).removeAlpha().raw().toBuffer();
  const t = await paired(
    () => upscaleCrisp(image, context),
    () => upscalerJs(pixels, 512, 512),
  );
  rows.push({
    task: 'ESRGAN ×2 of 512²',
    ...t,
    baselineName: 'UpscalerJS on tfjs-wasm, untiled',
    goal: 0.5,
    load: load(),
  });
}

// 3. Vectorization of a 1024² photo: the native vtracer addon vs its wasm build.
if (wanted('vectorization')) {
  const image = await square(1024);
  const vtracer = (await import('vtracer-wasm')) as typeof import('vtracer-wasm');
  vtracer.initSync({ module: fs.readFileSync(path.join(packageDir('vtracer-wasm'), 'vtracer.wasm')) });
  const rgba = new Uint8Array(await sharp(image.data).ensureAlpha().raw().toBuffer());
  // The same settings as TRACE_CONFIG; the wasm build counts colour bits dropped (8 − 6 = 2).
  const config = {
    binary: false,
    mode: 'spline',
    hierarchical: 'stacked',
    filterSpeckle: 4,
    colorPrecision: 2,
    layerDifference: 16,
    cornerThreshold: 60,
    lengthThreshold: 4,
    maxIterations: 10,
    spliceThreshold: 45,
    pathPrecision: 1,
  };
  const t = await paired(
    () => traceToSvg(image, context),
    async () => vtracer.to_svg(rgba, 1024, 1024, config),
  );
  rows.push({ task: 'vectorization 1024² photo', ...t, baselineName: 'vtracer-wasm', goal: 0.5, load: load() });
}

// 4. The same two models through the API, as a person's run goes: the built server (`npm start`'s
// embedded defaults), an upload, the engine process at its lower priority, the result stored;
// timed from the upload to the answer of a `Prefer: wait` run start, against the same
// baselines on 1024² (the upscale's baseline untiled on the whole image, as UpscalerJS runs).
if (wanted('api background removal upscale')) {
  const image = await square(1024);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-api-'));
  const port = 5400 + Math.floor(Math.random() * 400);
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = startProcess([path.join(buildServerBundle(), 'main.js')], {
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    // As `npm start` runs.
    NODE_ENV: 'development',
  });
  try {
    await server.logLine('engine pool ready', 120_000);
    const client = await signedInClient(baseUrl);
    const viaApi = (tool: string, fields: Record<string, string>) => async () => {
      const run = await client.runAndWait(tool, runForm(fields, { image: image.data }));
      if (run.status !== 'succeeded') throw new Error(`${tool} run ${run.status}`);
    };
    const removal = await paired(viaApi('ai-eraser', {}), await imglyBaseline(image));
    // The API side's work is in the server's processes: only its wall time is comparable.
    rows.push({
      task: 'API: eraser 1024²',
      ...removal,
      oursCpu: Number.NaN,
      baselineName: '@imgly/background-removal-node',
      goal: 0.25,
      load: load(),
    });
    const upscalerJs = await upscalerJsBaseline();
    const pixels = await sharp(image.data).removeAlpha().raw().toBuffer();
    const upscale = await paired(viaApi('image-upscale', { upscaleType: 'crisp' }), () =>
      upscalerJs(pixels, 1024, 1024),
    );
    rows.push({
      task: 'API: crisp upscale 1024²',
      ...upscale,
      oursCpu: Number.NaN,
      baselineName: 'UpscalerJS on tfjs-wasm, untiled',
      goal: 0.5,
      load: load(),
    });
  } finally {
    await stopProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// 5. PNG out (ADR 0051): results as they are written now (zlib 2, a filter per row) against
// how they were written before (zlib 6, unfiltered), on a 1024² cut-out and a 2048² photo.
const pngSizes: string[] = [];
if (wanted('png encoding')) {
  const photo2048 = await sharp(photoBytes('coffee.jpg'))
    .resize(2048, 2048)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const cutout = await sharp((await square(1024)).data)
    .removeAlpha()
    .joinChannel(await sharp(photoBytes('logo.png')).resize(1024, 1024).extractChannel(0).raw().toBuffer(), {
      raw: { width: 1024, height: 1024, channels: 1 },
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (const [task, { data, info }] of [
    ['PNG out: cut-out 1024²', cutout],
    ['PNG out: photo 2048²', photo2048],
  ] as const) {
    const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const before = () => pixels().png({ compressionLevel: 6 }).toBuffer();
    const t = await paired(() => encodeImage(pixels(), 'png'), before);
    rows.push({ task, ...t, baselineName: 'zlib 6, unfiltered (before)', load: load() });
    const [now, was] = [(await encodeImage(pixels(), 'png')).data.length, (await before()).length];
    pngSizes.push(
      `${task}: ${(now / 2 ** 20).toFixed(2)} MiB, before ${(was / 2 ** 20).toFixed(2)} MiB (${(now / was).toFixed(2)}×)`,
    );
  }
}

const pad = (s: string, n: number) => s.padEnd(n);
if (rows.length > 0) {
  console.log(
    `\nmedian of ${RUNS}, ours and baseline alternating; ratio = ours / baseline (lower is better), of wall and of CPU seconds\n`,
  );
  console.log(
    `| ${pad('task', 26)} | ours (s) | ${pad('baseline', 32)} | baseline (s) | ratio | ours CPU s | baseline CPU s | CPU ratio | goal   | load |`,
  );
  console.log(
    `|${'-'.repeat(28)}|---------:|${'-'.repeat(34)}|-------------:|------:|-----------:|---------------:|----------:|-------:|-----:|`,
  );
  const cell = (value: number, width: number, digits = 2) =>
    (Number.isNaN(value) ? '—' : value.toFixed(digits)).padStart(width);
  // Ratios to three places: a goal's bound (≤ 0.25) must not be met by rounding.
  for (const r of rows) {
    const goal = r.goal === undefined ? '' : `≤ ${r.goal}`;
    console.log(
      `| ${pad(r.task, 26)} | ${cell(r.ours, 8)} | ${pad(r.baselineName, 32)} | ${cell(r.baseline, 12)} | ${cell(r.ours / r.baseline, 5, 3)} | ${cell(r.oursCpu, 10)} | ${cell(r.baselineCpu, 14)} | ${cell(r.oursCpu / r.baselineCpu, 9, 3)} | ${goal.padStart(6)} | ${r.load.padStart(4)} |`,
    );
  }
}
for (const line of pngSizes) console.log(line);

// 6. A 2048 px photo upscaled in an engine process, first run (the model converted and
// loaded) and warm, with the process's peak memory; and the same process's peak after a
// background removal of that photo. Goals: ≤ 30 s, no engine process above 2 GiB.
if (wanted('2048 pool memory')) {
  const data = await sharp(photoBytes('coffee.jpg'))
    .resize(2048, 1365, { kernel: 'lanczos3' })
    .jpeg({ quality: 92 })
    .toBuffer();
  const image: EngineImage = { data, mediaType: 'image/jpeg', width: 2048, height: 1365 };
  /** Peak resident memory of a process, from /proc (Linux). */
  const peakMiB = (pid: number) => {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  };
  /** CPU seconds a process has used, all its threads (utime + stime in /proc/<pid>/stat, Linux). */
  const cpuSeconds = (pid: number) => {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // clock ticks: 100 per second on Linux
  };
  const inPool = async (input: EngineInput, times: number) => {
    const pool = createEnginePool({ size: 1, logger: createLogger('silent') });
    try {
      await pool.warm();
      const pid = pool.pids()[0]!;
      const runs: { wall: number; cpu: number }[] = [];
      for (let i = 0; i < times; i++) {
        const before = cpuSeconds(pid);
        const wall = await seconds(() => pool.runTool(input, context));
        runs.push({ wall, cpu: cpuSeconds(pid) - before });
      }
      return { runs, peak: peakMiB(pid), niceness: os.getPriority(pid) };
    } finally {
      await pool.close();
    }
  };
  const upscale = await inPool(
    { tool: 'image-upscale', options: { upscaleType: 'crisp' }, images: { image } } as unknown as EngineInput,
    2,
  );
  const isnet = await inPool({ tool: 'ai-eraser', options: {}, images: { image } } as unknown as EngineInput, 1);
  console.log(
    `\n2048×1365 photo in an engine process (${os.availableParallelism()} threads, nice ${upscale.niceness}), load ${load()}:\n`,
  );
  // CPU seconds ÷ cores is what the run would take alone on this machine if its threads kept
  // every core busy: an estimate (a lower bound) for a busy machine, where the wall time is not.
  const cores = os.availableParallelism();
  const row = (name: string, run: { wall: number; cpu: number }, goal: string, peak: string) =>
    `| ${name} | ${run.wall.toFixed(1)} | ${run.cpu.toFixed(1)} | ${(run.cpu / cores).toFixed(1)} | ${goal} | ${peak} |`;
  console.log(`| run | seconds | CPU seconds | CPU s ÷ ${cores} cores | goal | process peak memory |`);
  console.log('|---|---:|---:|---:|---:|---:|');
  console.log(row('crisp upscale ×2, first run', upscale.runs[0]!, '≤ 30', `${upscale.peak.toFixed(0)} MiB`));
  console.log(row('crisp upscale ×2, warm', upscale.runs[1]!, '≤ 30', ''));
  console.log(row('background removal, first run', isnet.runs[0]!, '', `${isnet.peak.toFixed(0)} MiB`));
}

// 7. Replace background onto a colour with its shadow, the whole local run (cut-out, backdrop,
// composite, PNG), at 1024² and 2048²: seconds to compare between commits (no baseline runs it).
if (wanted('replace background')) {
  console.log(`\nReplace background (colour, shadow), the whole local run, median of ${RUNS} after a warm-up:\n`);
  console.log('| photo | seconds | CPU seconds | load |');
  console.log('|---|---:|---:|---:|');
  for (const side of [1024, 2048]) {
    const data = await sharp(photoBytes('astronaut.jpg')).resize(side, side).jpeg({ quality: 92 }).toBuffer();
    const input = {
      tool: 'replace-background',
      options: { background: 'color', color: '#3366ff', shadow: true },
      images: { image: { data, mediaType: 'image/jpeg', width: side, height: side } },
    } as unknown as EngineInput;
    await runLocalTool(input, context);
    const runs: { wall: number; cpu: number }[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await timed(() => runLocalTool(input, context)));
    const wall = median(runs.map((r) => r.wall));
    const cpu = median(runs.map((r) => r.cpu));
    console.log(`| ${side}² JPEG | ${wall.toFixed(2)} | ${cpu.toFixed(2)} | ${load()} |`);
  }
}

// 8. Quality: the faster engines against their baselines on the fixed images.
if (wanted('quality')) {
  const reference = await upscalerJsBaseline();
  console.log('\nQuality on the fixed images (goals: PSNR ≥ 40 dB, mask IoU ≥ 0.99):\n');
  console.log('| image | size | ESRGAN ONNX vs UpscalerJS, PSNR (dB) | ISNet mask vs the model as shipped, IoU |');
  console.log('|---|---|---:|---:|');
  for (const { name, image } of await qualityImages()) {
    const ours = await sharp((await upscaleCrisp(image, context)).data)
      .removeAlpha()
      .raw()
      .toBuffer();
    const theirs = await reference(await sharp(image.data).removeAlpha().raw().toBuffer(), image.width, image.height);
    const mask = await segmentSubject(await readPlanes(image), context.signal);
    const iou = maskIoU(mask.alpha, await referenceMask(image));
    console.log(`| ${name} | ${image.width}×${image.height} | ${psnr(ours, theirs).toFixed(1)} | ${iou.toFixed(4)} |`);
  }
}

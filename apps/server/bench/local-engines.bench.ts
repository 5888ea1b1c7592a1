// `npm run bench`: the local engines against the alternatives measured in engines.md, on the
// same images in the same run, so the ratios hold on a busy machine even when the seconds
// do not. Each figure is the median of RUNS timed runs after one warm-up run.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { EngineContext, EngineImage } from '../src/engines/engine.ts';
import { cutOutSubject } from '../src/engines/local/eraser/erase-background.ts';
import { packageDir } from '../src/engines/local/package-dir.ts';
import { upscaleCrisp } from '../src/engines/local/upscale/esrgan-upscaler.ts';
import { traceToSvg } from '../src/engines/local/vectorize/trace-to-svg.ts';
import { photoBytes } from '../test/photos.ts';
import { upscalerJsBaseline } from '../test/upscalerjs-baseline.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const context: EngineContext = { onProgress: () => {}, signal: new AbortController().signal };

async function median(fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm-up: models loaded, caches filled
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    times.push((performance.now() - start) / 1000);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function square(side: number): Promise<EngineImage> {
  const data = await sharp(photoBytes('astronaut.jpg')).resize(side, side).png().toBuffer();
  return { data, mediaType: 'image/png', width: side, height: side };
}

interface Row {
  task: string;
  ours: number;
  baselineName: string;
  baseline: number;
  goal?: number;
}
const rows: Row[] = [];

// 1. Background removal of a 1024² image: our warm ISNet session vs the imgly Node package.
{
  const image = await square(1024);
  const ours = await median(() => cutOutSubject(image, context));
  const { removeBackground } = (await import(
    '@imgly/background-removal-node'
  )) as typeof import('@imgly/background-removal-node');
  const blob = new Blob([new Uint8Array(image.data)], { type: 'image/png' });
  // Its default publicPath is relative to the working directory: point it at its own dist.
  const publicPath = `file://${path.join(packageDir('@imgly/background-removal-node'), 'dist')}/`;
  const imgly = await median(() =>
    removeBackground(blob, { publicPath, model: 'medium', output: { format: 'image/png' } }),
  );
  rows.push({
    task: 'background removal 1024²',
    ours,
    baselineName: '@imgly/background-removal-node',
    baseline: imgly,
    goal: 0.25,
  });
}

// 2. ESRGAN ×2 of 512²: our tiling vs UpscalerJS's default path (whole image, one pass).
{
  const image = await square(512);
  const ours = await median(() => upscaleCrisp(image, context));
  const upscalerJs = await upscalerJsBaseline();
  const pixels = await sharp(image.data).removeAlpha().raw().toBuffer();
  const whole = await median(() => upscalerJs(pixels, 512, 512));
  rows.push({ task: 'ESRGAN ×2 of 512²', ours, baselineName: 'UpscalerJS default (untiled)', baseline: whole });
}

// 3. Vectorization of a 1024² photo: the native vtracer addon vs its wasm build.
{
  const image = await square(1024);
  const ours = await median(() => traceToSvg(image, context));
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
  const wasm = await median(async () => vtracer.to_svg(rgba, 1024, 1024, config));
  rows.push({ task: 'vectorization 1024² photo', ours, baselineName: 'vtracer-wasm', baseline: wasm });
}

const pad = (s: string, n: number) => s.padEnd(n);
console.log(`\nmedian of ${RUNS} after a warm-up; ratio = ours / baseline (lower is better)\n`);
console.log(`| ${pad('task', 26)} | ours (s) | ${pad('baseline', 32)} | baseline (s) | ratio | goal |`);
console.log(`|${'-'.repeat(28)}|---------:|${'-'.repeat(34)}|-------------:|------:|-----:|`);
for (const r of rows) {
  const goal = r.goal === undefined ? '' : `≤ ${r.goal}`;
  console.log(
    `| ${pad(r.task, 26)} | ${r.ours.toFixed(2).padStart(8)} | ${pad(r.baselineName, 32)} | ${r.baseline.toFixed(2).padStart(12)} | ${(r.ours / r.baseline).toFixed(2).padStart(5)} | ${goal.padStart(4)} |`,
  );
}

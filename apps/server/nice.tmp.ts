import fs from 'node:fs';
import sharp from 'sharp';
import { createEnginePool } from './src/engines/local/pool/engine-pool.ts';
import { photoBytes } from './test/photos.ts';
const logger = { info() {}, warn() {}, error() {}, debug() {}, child() { return logger; } } as any;
const pool = createEnginePool({ size: 1, logger });
await pool.warm();
const data = await sharp(photoBytes('coffee.jpg')).png().toBuffer();
const niceOf = (pid: number) => fs.readdirSync(`/proc/${pid}/task`).map((tid) => {
  const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return `${tid}:${fields[16]}:${fields[0]}`;
});
let seen = 0;
const run = pool.runTool({ tool: 'image-upscale', options: { upscaleType: 'crisp' }, images: { image: { data, mediaType: 'image/png', width: 480, height: 320 } } } as any, {
  signal: new AbortController().signal,
  onProgress: (p) => { if (seen++ % 2 === 0) console.log(p | 0, niceOf(pool.pids()[0]!).join(' ')); },
});
await run;
const run2 = pool.runTool({ tool: 'ai-eraser', options: {}, images: { image: { data, mediaType: 'image/png', width: 480, height: 320 } } } as any, {
  signal: new AbortController().signal,
  onProgress: (p) => { console.log(p | 0, niceOf(pool.pids()[0]!).join(' ')); },
});
await run2;
console.log('after', niceOf(pool.pids()[0]!).join(' '));
await pool.close();

import fs from 'node:fs/promises';
import path from 'node:path';
import { packageDir } from '../package-dir.ts';

/**
 * ISNet ships inside `@imgly/background-removal-data` (the same files the browser engine
 * serves) as 4 MiB chunks listed in `dist/resources.json`. `medium` is the fp16 export: on
 * onnxruntime-node's CPU provider it runs ~2× faster than the quint8 `small` one, with a finer
 * mask, and faster still once converted to fp32 (isnet-fp32.ts).
 */
const MODEL_RESOURCE = '/models/medium';

interface Resources {
  [resource: string]: { size: number; chunks: { hash: string; offsets: [number, number] }[] } | undefined;
}

/** The ISNet model as one `.onnx` buffer, joined in memory from its chunks: nothing is downloaded. */
export async function readIsnetModel(): Promise<Uint8Array> {
  const dist = path.join(packageDir('@imgly/background-removal-data'), 'dist');
  const resources = JSON.parse(await fs.readFile(path.join(dist, 'resources.json'), 'utf8')) as Resources;
  const entry = resources[MODEL_RESOURCE];
  if (!entry) throw new Error(`${MODEL_RESOURCE} is missing from @imgly/background-removal-data`);
  const model = Buffer.alloc(entry.size);
  for (const { hash, offsets } of entry.chunks) {
    const chunk = await fs.readFile(path.join(dist, hash));
    if (chunk.byteLength !== offsets[1] - offsets[0]) throw new Error(`ISNet chunk ${hash} has the wrong size`);
    chunk.copy(model, offsets[0]);
  }
  return model;
}

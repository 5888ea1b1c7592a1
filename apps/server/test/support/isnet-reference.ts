import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import type { EngineImage } from '../../src/engines/engine.ts';
import { readIsnetModel } from '../../src/engines/local/segmentation/isnet-model.ts';

const SIDE = 1024;
let reference: Promise<ort.InferenceSession> | undefined;

/**
 * ISNet's mask exactly as the model ships — the fp16 graph with all its outputs, unmodified,
 * with its pre- and post-processing written out in JavaScript (`px/255 − 0.5`, planar;
 * clamp, ×255, round) and the same lanczos3 stretch to 1024² and back. The engine's faster
 * graph (fp32, pruned, bytes in and out) is held to this in tests and the bench.
 */
export async function referenceMask(image: EngineImage): Promise<Buffer> {
  reference ??= readIsnetModel().then((model) => ort.InferenceSession.create(model));
  const session = await reference;
  const rgb = await sharp(image.data)
    .rotate()
    .removeAlpha()
    .toColourspace('srgb')
    .resize(SIDE, SIDE, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  const plane = SIDE * SIDE;
  const input = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    for (let c = 0; c < 3; c++) input[c * plane + i] = rgb[i * 3 + c]! / 255 - 0.5;
  }
  const result = await session.run({ [session.inputNames[0]!]: new ort.Tensor('float32', input, [1, 3, SIDE, SIDE]) });
  const output = result[session.outputNames[0]!]!.data as Float32Array;
  const mask = Buffer.alloc(plane);
  for (let i = 0; i < plane; i++) mask[i] = Math.round(Math.min(1, Math.max(0, output[i]!)) * 255);
  return sharp(mask, { raw: { width: SIDE, height: SIDE, channels: 1 } })
    .resize(image.width, image.height, { fit: 'fill', kernel: 'lanczos3' })
    .extractChannel(0)
    .raw()
    .toBuffer();
}

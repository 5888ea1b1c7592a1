import type { InferenceSession, Tensor } from 'onnxruntime-node';
import sharp from 'sharp';
import type { EngineImage } from '../../engine.ts';
import { decodeUpright } from '../image-io.ts';
import { createOnnxSession, type Ort } from '../onnx-session.ts';
import { toFloat32Model } from './isnet-fp32.ts';
import { readIsnetModel } from './isnet-model.ts';

/** ISNet's fixed input: the image is stretched to a square of this side, and back. */
const INPUT_SIDE = 1024;

let session: Promise<{ ort: Ort; session: InferenceSession }> | undefined;
/** One inference at a time per process: each takes ~2.5 GB and the process's cores. */
let queue: Promise<unknown> = Promise.resolve();

/** The ISNet session, created once per process and kept warm (loading takes seconds). */
function isnetSession(): Promise<{ ort: Ort; session: InferenceSession }> {
  session ??= readIsnetModel()
    .then((model) => createOnnxSession(toFloat32Model(model)))
    .catch((error: unknown) => {
      session = undefined; // let a later run try again
      throw error;
    });
  return session;
}

/** A foreground mask: one byte per pixel (255 = subject) at the image's upright size. */
export interface SubjectMask {
  alpha: Buffer;
  width: number;
  height: number;
}

/** Raw RGB at 1024² to ISNet's planar float input, `px/255 - 0.5` (as the model was trained). */
function toInputTensor(ort: Ort, rgb: Buffer): Tensor {
  const plane = INPUT_SIDE * INPUT_SIDE;
  const input = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    input[i] = rgb[i * 3]! / 255 - 0.5;
    input[plane + i] = rgb[i * 3 + 1]! / 255 - 0.5;
    input[2 * plane + i] = rgb[i * 3 + 2]! / 255 - 0.5;
  }
  return new ort.Tensor('float32', input, [1, 3, INPUT_SIDE, INPUT_SIDE]);
}

/**
 * Segments the main subject with ISNet on onnxruntime-node (the same model as the browser's
 * background removal). `onStage` reports the stages; the inference itself cannot report.
 */
export async function segmentSubject(
  image: EngineImage,
  signal: AbortSignal,
  onStage: (fraction: number, stage: string) => void = () => {},
): Promise<SubjectMask> {
  onStage(0, 'loading the segmentation model');
  const { ort, session: model } = await isnetSession();
  const turn = queue.then(async () => {
    signal.throwIfAborted();
    onStage(0.2, 'preparing');
    const { data: rgb, info } = await decodeUpright(image)
      .removeAlpha()
      .toColourspace('srgb')
      .resize(INPUT_SIDE, INPUT_SIDE, { fit: 'fill', kernel: 'lanczos3' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`Unexpected ${info.channels}-channel input`);
    signal.throwIfAborted();
    onStage(0.3, 'segmenting');
    const result = await model.run({ [model.inputNames[0]!]: toInputTensor(ort, rgb) }, [model.outputNames[0]!]);
    const output = result[model.outputNames[0]!]!.data as Float32Array;
    signal.throwIfAborted();
    onStage(0.9, 'applying the mask');
    const mask = Buffer.alloc(output.length);
    for (let i = 0; i < output.length; i++) mask[i] = Math.round(Math.min(1, Math.max(0, output[i]!)) * 255);
    return mask;
  });
  queue = turn.catch(() => {});
  const mask = await turn;
  const { width, height } = image;
  const alpha = await sharp(mask, { raw: { width: INPUT_SIDE, height: INPUT_SIDE, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { alpha, width, height };
}

import type { InferenceSession } from 'onnxruntime-node';
import sharp from 'sharp';
import type { EngineImage } from '../../engine.ts';
import { decodeUpright } from '../image-io.ts';
import { createOnnxSession, type Ort } from '../onnx-session.ts';
import { ISNET_SIDE, isnetForCpu } from './isnet-graph.ts';
import { readIsnetModel } from './isnet-model.ts';

let session: Promise<{ ort: Ort; session: InferenceSession }> | undefined;
/** One inference at a time per process: each takes ~2.5 GB and the process's cores. */
let queue: Promise<unknown> = Promise.resolve();

/** The ISNet session, created once per process and kept warm (loading takes seconds). */
function isnetSession(): Promise<{ ort: Ort; session: InferenceSession }> {
  session ??= readIsnetModel()
    .then((model) => createOnnxSession(isnetForCpu(model)))
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
    // ISNet's fixed input: the image is stretched to a 1024² square, and the mask back.
    const { data: rgb, info } = await decodeUpright(image)
      .removeAlpha()
      .toColourspace('srgb')
      .resize(ISNET_SIDE, ISNET_SIDE, { fit: 'fill', kernel: 'lanczos3' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`Unexpected ${info.channels}-channel input`);
    signal.throwIfAborted();
    onStage(0.3, 'segmenting');
    // Raw bytes in, mask bytes out: normalising and scaling happen inside the graph (isnet-graph.ts).
    const input = new ort.Tensor('uint8', rgb, [1, ISNET_SIDE, ISNET_SIDE, 3]);
    const result = await model.run({ [model.inputNames[0]!]: input });
    const output = result[model.outputNames[0]!]!;
    const mask = Buffer.from(output.data as Uint8Array);
    input.dispose();
    output.dispose();
    signal.throwIfAborted();
    onStage(0.9, 'applying the mask');
    return mask;
  });
  queue = turn.catch(() => {});
  const mask = await turn;
  const { width, height } = image;
  const alpha = await sharp(mask, { raw: { width: ISNET_SIDE, height: ISNET_SIDE, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { alpha, width, height };
}

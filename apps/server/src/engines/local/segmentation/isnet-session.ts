import type { InferenceSession } from 'onnxruntime-node';
import sharp from 'sharp';
import type { RawPlanes } from '../image-io.ts';
import { createOnnxSession, type Ort } from '../onnx-session.ts';
import { preparedModel } from '../prepared-models.ts';
import { ISNET_GRAPH_MODULE, ISNET_SIDE, isnetForCpu } from './isnet-graph.ts';
import { readIsnetModel } from './isnet-model.ts';

let session: Promise<{ ort: Ort; session: InferenceSession }> | undefined;
/** One inference at a time per process: each takes ~2.5 GB and the process's cores. */
let queue: Promise<unknown> = Promise.resolve();

/** The ISNet session, created once per process and kept warm (loading takes seconds). */
function isnetSession(): Promise<{ ort: Ort; session: InferenceSession }> {
  session ??= readIsnetModel()
    .then((model) => createOnnxSession(preparedModel('isnet', [model], ISNET_GRAPH_MODULE, () => isnetForCpu(model))))
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

/** Upright sRGB pixels, 3 bytes per pixel, as `readPlanes` gives them (the alpha is not looked at). */
export type RgbPixels = Omit<RawPlanes, 'alpha'>;

/** ISNet's fixed input size is this image's own: no resampling on the way in or out. */
const isIsnetSized = ({ width, height }: { width: number; height: number }) =>
  width === ISNET_SIDE && height === ISNET_SIDE;

/**
 * Segments the main subject with ISNet on onnxruntime-node (the same model as the browser's
 * background removal). It takes pixels the caller has already decoded, so a cut-out decodes
 * its upload once for the mask and the result. `onStage` reports the stages; the inference
 * itself cannot report.
 */
export async function segmentSubject(
  pixels: RgbPixels,
  signal: AbortSignal,
  onStage: (fraction: number, stage: string) => void = () => {},
): Promise<SubjectMask> {
  onStage(0, 'loading the segmentation model');
  const { ort, session: model } = await isnetSession();
  const { width, height } = pixels;
  const turn = queue.then(async () => {
    signal.throwIfAborted();
    onStage(0.2, 'preparing');
    // ISNet's fixed input: the image is stretched to a 1024² square, and the mask back.
    const rgb = isIsnetSized(pixels)
      ? pixels.rgb
      : await sharp(pixels.rgb, { raw: { width, height, channels: 3 } })
          .resize(ISNET_SIDE, ISNET_SIDE, { fit: 'fill', kernel: 'lanczos3' })
          .raw()
          .toBuffer();
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
  if (isIsnetSized(pixels)) return { alpha: mask, width, height };
  const alpha = await sharp(mask, { raw: { width: ISNET_SIDE, height: ISNET_SIDE, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { alpha, width, height };
}

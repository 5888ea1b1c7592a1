import { MASK_RESIZED_STAGE } from '@atelier/contracts';
import type { EngineContext, EngineImage } from '../../engine.ts';
import { decodeUpright, encodeImage, fromPlanes, outputFormatOf, readPlanes } from '../image-io.ts';
import { loadOpenCv, type Mat, openCv } from './opencv-runtime.ts';

/** Mask pixels brighter than this are "to fill": the mask is white where to inpaint. */
const MASK_THRESHOLD = 127;

/**
 * The fill radius grows with the image so that a 4096² photo is not filled from a 3-pixel
 * ring; Telea's method is a classical fill from the surroundings, not a generative model.
 */
const radiusFor = (width: number, height: number) => Math.max(3, Math.round(Math.min(width, height) / 150));

/** The mask as one byte per pixel at the image's size (0 keep, 255 fill); stretched if needed. */
async function readMask(mask: EngineImage, width: number, height: number) {
  const resized = mask.width !== width || mask.height !== height;
  const data = await decodeUpright(mask)
    .flatten({ background: '#000' }) // transparent means "keep"
    .greyscale()
    .resize(width, height, { fit: 'fill' })
    .threshold(MASK_THRESHOLD)
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { data, resized };
}

/**
 * Inpainting without a provider: OpenCV's Telea inpaint of the mask's white area. The prompt
 * is ignored (the page says so). When the mask's size differs from the image's, the mask is
 * stretched to it and the `MASK_RESIZED_STAGE` progress stage says so.
 */
export async function inpaintWithOpenCv(
  image: EngineImage,
  maskImage: EngineImage,
  { onProgress, signal }: EngineContext,
): Promise<EngineImage> {
  onProgress(5, 'loading OpenCV');
  await loadOpenCv();
  const cv = openCv();
  signal.throwIfAborted();

  onProgress(20, 'reading the image and mask');
  const { rgb, alpha, width, height } = await readPlanes(image);
  const mask = await readMask(maskImage, width, height);
  if (mask.resized) onProgress(30, MASK_RESIZED_STAGE);
  signal.throwIfAborted();

  onProgress(40, 'filling the masked area');
  const mats: Mat[] = [];
  try {
    const src = cv.matFromArray(height, width, cv.CV_8UC3, rgb);
    const maskMat = cv.matFromArray(height, width, cv.CV_8UC1, mask.data);
    const dst = new cv.Mat();
    mats.push(src, maskMat, dst);
    cv.inpaint(src, maskMat, dst, radiusFor(width, height), cv.INPAINT_TELEA);
    const filled = Buffer.from(dst.data);
    onProgress(85, 'encoding');
    return encodeImage(fromPlanes(filled, width, height, alpha), outputFormatOf(image, alpha !== null));
  } finally {
    // wasm heap memory is not garbage-collected.
    for (const m of mats) m.delete();
  }
}

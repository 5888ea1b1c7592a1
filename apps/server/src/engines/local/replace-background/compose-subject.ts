import type { ToolOptions } from '@atelier/contracts';
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import type { EngineImage } from '../../engine.ts';
import type { CutOut } from '../eraser/erase-background.ts';
import { encodeImage, fromPlanes } from '../image-io.ts';

/** The drop shadow under the subject: its mask blurred, shifted down and half-transparent. */
const SHADOW = { opacity: 0.4, blurPerSide: 0.025, dropPerHeight: 0.015 } as const;
/** The mask's edge is feathered this much (px) so the subject's outline never shows steps. */
const EDGE_FEATHER_SIGMA = 0.6;

/**
 * Replace-background: the subject cut out by the server segmentation (`cutOutPixels`), laid
 * over a background — one the local engine made (`localBackdrop`) or a generated one. The
 * background is scaled to cover the subject's frame, so the output has the upload's size. The
 * mask's soft alpha blends the edges; inside the subject the upload's pixels stay as they were.
 * Every layer stays raw pixels until the one PNG of the result.
 */
export async function composeSubjectOver(
  subject: CutOut,
  background: EngineImage,
  { shadow = false }: { shadow?: boolean } = {},
): Promise<EngineImage> {
  const { width, height } = subject;
  const raw = { width, height, channels: 1 as const };
  const backdrop = await sharp(background.data)
    .rotate()
    .resize(width, height, { fit: 'cover' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const alpha = await sharp(subject.alpha, { raw }).blur(EDGE_FEATHER_SIGMA).extractChannel(0).raw().toBuffer();
  const layer = await fromPlanes(subject.rgb, width, height, alpha).raw().toBuffer();
  const rgba = { raw: { width, height, channels: 4 as const } };
  const layers: OverlayOptions[] = [];
  if (shadow) layers.push({ input: await dropShadow(alpha, width, height), ...rgba });
  layers.push({ input: layer, ...rgba });
  return encodeImage(fromPlanes(backdrop, width, height, null).composite(layers), 'png');
}

/** A black layer (raw RGBA) whose alpha is the subject's mask, blurred and moved down. */
async function dropShadow(alpha: Buffer, width: number, height: number): Promise<Buffer> {
  const raw = { width, height, channels: 1 as const };
  const drop = Math.max(1, Math.round(height * SHADOW.dropPerHeight));
  const sigma = Math.max(1, Math.min(width, height) * SHADOW.blurPerSide);
  const extended = await sharp(alpha, { raw }).extend({ top: drop, background: '#000000' }).raw().toBuffer();
  const shifted = await sharp(extended, { raw: { ...raw, height: height + drop } })
    .extract({ left: 0, top: 0, width, height })
    .blur(sigma)
    .linear(SHADOW.opacity, 0)
    .extractChannel(0)
    .raw()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#000000' } })
    .joinChannel(shifted, { raw })
    .raw()
    .toBuffer();
}

type BackgroundChoice = Pick<ToolOptions<'replace-background'>, 'background' | 'color' | 'color2' | 'blur'>;

/**
 * The background the local engine makes for a choice, at the source's size: a solid colour, a
 * top-to-bottom gradient from `color` to `color2`, the original blurred (`blur` is a Gaussian
 * sigma per 1000 px of width, so the look does not depend on the resolution), or the uploaded
 * background as it is (composeSubjectOver scales it to cover).
 */
export async function localBackdrop(
  source: EngineImage,
  choice: BackgroundChoice,
  uploaded: EngineImage | undefined,
): Promise<EngineImage> {
  const { width, height } = source;
  const png = async (image: Sharp): Promise<EngineImage> => ({
    data: await image.png().toBuffer(),
    mediaType: 'image/png',
    width,
    height,
  });
  switch (choice.background) {
    case 'color':
      return png(sharp({ create: { width, height, channels: 3, background: choice.color } }));
    case 'gradient':
      return png(sharp(Buffer.from(gradientSvg(width, height, choice.color, choice.color2))));
    case 'blur':
      return png(
        sharp(source.data)
          .rotate()
          .removeAlpha()
          .blur(Math.max(0.3, (choice.blur * width) / 1000)),
      );
    case 'image':
      if (!uploaded) throw new Error('replace-background onto an image needs background_image');
      return uploaded;
    default:
      throw new Error(`The local engine makes no ${choice.background} background`);
  }
}

const gradientSvg = (width: number, height: number, from: string, to: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
  `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">` +
  `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
  `<rect width="100%" height="100%" fill="url(#g)"/></svg>`;

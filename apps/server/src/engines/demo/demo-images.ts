import { createHash } from 'node:crypto';
import { IMAGE_MAX_PIXELS } from '@atelier/contracts';
import sharp, { type Sharp } from 'sharp';
import type { EngineImage } from '../engine.ts';

/**
 * Drawing helpers of the demo engine. Everything is derived from the inputs (a hash of the
 * prompt, the uploaded pixels), so the same run gives the same bytes, and every image carries
 * a visible "DEMO" label: it must never pass for AI output.
 */

// rotate(): turned upright by EXIF, matching the width and height the upload was checked with.
export const decode = (image: EngineImage) => sharp(image.data, { limitInputPixels: IMAGE_MAX_PIXELS }).rotate();

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** Two colours and an angle from a hash of the text (and the image index, so n images differ). */
export function paletteOf(text: string, index = 0) {
  const h = createHash('sha256').update(`${index}:${text}`).digest();
  const hue = (i: number) => Math.round((h[i]! / 255) * 360);
  return { from: `hsl(${hue(0)},70%,55%)`, to: `hsl(${hue(1)},70%,35%)`, angle: Math.round((h[2]! / 255) * 360) };
}

/** Splits text into at most `maxLines` lines of about `width` characters. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (`${line} ${word}`.trim().length > width && line) {
      lines.push(line);
      line = '';
    }
    line = `${line} ${word}`.trim();
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) lines.splice(maxLines - 1, lines.length, `${lines[maxLines - 1]!.slice(0, width - 1)}…`);
  return lines;
}

/** An SVG gradient filling w×h, with the prompt written on it; `opacity` < 1 lets an image through. */
export function gradientSvg(w: number, h: number, prompt: string, index: number, opacity = 1): string {
  const p = paletteOf(prompt, index);
  const size = Math.max(16, Math.round(Math.min(w, h) / 22));
  const lines = wrap(prompt, Math.max(12, Math.floor(w / (size * 0.6))), 6);
  const text = lines
    .map(
      (l, i) => `<text x="50%" y="${Math.round(h / 2 + (i - lines.length / 2) * size * 1.3)}">${escapeXml(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="g" gradientTransform="rotate(${p.angle} .5 .5)"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)" fill-opacity="${opacity}"/>
<g font-family="sans-serif" font-size="${size}" fill="#fff" fill-opacity="${opacity}" text-anchor="middle">${text}</g>
</svg>`;
}

/** The "DEMO" badge laid over every demo image. */
export function demoLabelSvg(w: number, h: number): string {
  const size = Math.max(12, Math.round(Math.min(w, h) / 14));
  const pad = Math.round(size / 2);
  const small = Math.max(9, Math.round(size / 3));
  const boxW = Math.round(Math.max(size * 3.4, small * 7.5));
  const boxH = Math.round(size * 1.5);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
<rect x="${pad}" y="${pad}" width="${boxW}" height="${boxH + small * 1.4}" rx="${pad / 2}" fill="#000" fill-opacity="0.7"/>
<text x="${pad + boxW / 2}" y="${pad + size * 1.15}" font-family="sans-serif" font-weight="bold" font-size="${size}" fill="#fff" text-anchor="middle">DEMO</text>
<text x="${pad + boxW / 2}" y="${pad + boxH + small * 0.9}" font-family="sans-serif" font-size="${small}" fill="#fff" text-anchor="middle">not AI output</text>
</svg>`;
}

/** Lays the DEMO badge over a raster image and encodes it as PNG. */
export async function labelled(image: Sharp): Promise<EngineImage> {
  const { data, info } = await image.png().toBuffer({ resolveWithObject: true });
  const out = await sharp(data)
    .composite([{ input: Buffer.from(demoLabelSvg(info.width, info.height)) }])
    .png()
    .toBuffer();
  return { data: out, mediaType: 'image/png', width: info.width, height: info.height };
}

/** A text-to-image stand-in: the gradient of the prompt at the requested size. */
export function drawPrompt(prompt: string, w: number, h: number, index: number): Promise<EngineImage> {
  return labelled(sharp(Buffer.from(gradientSvg(w, h, prompt, index))));
}

/** A vector stand-in: a coarse grid of the image's (or the prompt's) colours as SVG rectangles. */
export async function pixelSvg(source: Sharp, w: number, h: number, cells = 24): Promise<EngineImage> {
  const cols = cells;
  const rows = Math.max(1, Math.round((cells * h) / w));
  const { data } = await source.clone().resize(cols, rows, { fit: 'fill' }).removeAlpha().raw().toBuffer({
    resolveWithObject: true,
  });
  const cw = w / cols;
  const ch = h / rows;
  const rects: string[] = [];
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) {
      const i = (y * cols + x) * 3;
      const fill = `rgb(${data[i]},${data[i + 1]},${data[i + 2]})`;
      rects.push(
        `<rect x="${(x * cw).toFixed(1)}" y="${(y * ch).toFixed(1)}" width="${cw.toFixed(1)}" height="${ch.toFixed(1)}" fill="${fill}"/>`,
      );
    }
  }
  const label = demoLabelSvg(w, h)
    .replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>$/, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${rects.join('')}${label}</svg>`;
  return { data: Buffer.from(svg), mediaType: 'image/svg+xml', width: w, height: h };
}

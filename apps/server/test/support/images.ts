import sharp from 'sharp';

/** A small PNG of one colour, for upload tests. */
export function pngImage(width = 200, height = 150, background = '#cc3344'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** A multipart body for a run request. */
export function runForm(fields: Record<string, string>, files: Record<string, Buffer> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const [k, v] of Object.entries(files)) form.set(k, new Blob([new Uint8Array(v)]), `${k}.png`);
  return form;
}

/** A batch form: `image` once per file, named as a person's files would be. */
export async function batchForm(names: string[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const [i, name] of names.entries()) {
    form.append('image', new Blob([new Uint8Array(await pngImage(120 + i, 100))]), name);
  }
  return form;
}

/** An inpainting mask as Atelier takes it: white (inpaint) in a rectangle, black elsewhere. */
export async function rectMask(
  width: number,
  height: number,
): Promise<{ png: Buffer; white: (x: number, y: number) => boolean }> {
  const white = (x: number, y: number) => x >= 40 && x < 120 && y >= 30 && y < 90;
  const raw = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw[y * width + x] = white(x, y) ? 255 : 0;
  const png = await sharp(raw, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  return { png, white };
}

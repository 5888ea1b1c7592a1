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

import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A real PNG of the given size (RGB), drawn by `pixel`, for upload tests: built here so the
 * tests need no image library and no fixture files.
 */
export function makePng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => [number, number, number] = (x, y) => [x % 256, y % 256, 128],
): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0, then RGB
    for (let x = 0; x < width; x++) row.set(pixel(x, y), 1 + x * 3);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The same image, white inside the centred square and black elsewhere: an inpainting mask. */
export function makeMaskPng(width: number, height: number): Buffer {
  const inside = (v: number, size: number) => v > size / 4 && v < (size * 3) / 4;
  return makePng(width, height, (x, y) => (inside(x, width) && inside(y, height) ? [255, 255, 255] : [0, 0, 0]));
}

/** A PNG file for a file chooser: a 96×80 gradient whose `shade` tells one upload from another. */
export const pngFile = (name: string, shade: number) => ({
  name,
  mimeType: 'image/png',
  buffer: makePng(96, 80, (x, y) => [(x * 2 + shade) % 256, (y * 3) % 256, shade]),
});

// Makes the reference masks the ISNet tests compare with (isnet-reference.ts): run it after the
// model package or a masked image changes — `npx tsx apps/server/test/support/write-isnet-masks.ts`.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import {
  MASKS_DIR,
  type MasksManifest,
  maskedImages,
  modelHash,
  pixelsHash,
  referenceMask,
} from './isnet-reference.ts';

const manifest: MasksManifest = { model: await modelHash(), images: {} };
fs.mkdirSync(MASKS_DIR, { recursive: true });
for (const { name, image } of await maskedImages()) {
  const mask = await referenceMask(image);
  await sharp(mask, { raw: { width: image.width, height: image.height, channels: 1 } })
    .png({ compressionLevel: 9 })
    .toFile(path.join(MASKS_DIR, `${name}.png`));
  manifest.images[name] = await pixelsHash(image);
  console.log(`${name}: ${image.width}×${image.height}`);
}
fs.writeFileSync(path.join(MASKS_DIR, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

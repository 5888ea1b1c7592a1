import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { EngineImage } from '../../engine.ts';

/**
 * An image on its way between the HTTP process and a pool process: its bytes wait in a file,
 * the message carries only the file's name. A message of megabytes is copied and decoded on
 * the receiving process's main thread (tens of milliseconds for an 8 MB PNG on these machines,
 * during which the HTTP thread answers nobody); a file is read by the thread pool, off it.
 */
export interface ImageInFile extends Omit<EngineImage, 'data'> {
  file: string;
}

/** Writes an image's bytes to a new file in `dir` (the pool's own folder). */
export async function toFile(dir: string, { data, ...image }: EngineImage): Promise<ImageInFile> {
  const file = path.join(dir, `${randomUUID()}.bin`);
  await fs.writeFile(file, data);
  return { ...image, file };
}

/** Reads an image back; the file is removed once read (it is needed only once). */
export async function fromFile({ file, ...image }: ImageInFile): Promise<EngineImage> {
  const data = await fs.readFile(file);
  await removeFile(file);
  return { ...image, data };
}

/** Removes a file that may already be gone (read, or never written by a process that ended). */
export const removeFile = (file: string) => fs.rm(file, { force: true });

/** The same images by field, each passed through `convert`. */
async function eachField<T extends string, A, B>(
  images: Partial<Record<T, A>>,
  convert: (image: A) => Promise<B>,
): Promise<Partial<Record<T, B>>> {
  const entries = await Promise.all(
    Object.entries<A | undefined>(images).map(async ([field, image]) => [field, image && (await convert(image))]),
  );
  return Object.fromEntries(entries.filter(([, image]) => image));
}

/** The same images by field, each written to a file in `dir`. */
export const fieldsToFiles = <T extends string>(dir: string, images: Partial<Record<T, EngineImage>>) =>
  eachField(images, (image) => toFile(dir, image));

/** The same images by field, read back from their files. */
export const fieldsFromFiles = <T extends string>(images: Partial<Record<T, ImageInFile>>) =>
  eachField(images, fromFile);

import { IMAGE_MAX_SIDE, IMAGE_MIN_SIDE, type InputImageFormat, UPLOAD_MAX_BYTES } from '@atelier/contracts';
import { yieldToMain } from '../../../lib/next-task.ts';

const MEDIA_TYPES: Record<InputImageFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The `accept` attribute of a file input for these formats. */
export const acceptAttribute = (formats: readonly InputImageFormat[]) => formats.map((f) => MEDIA_TYPES[f]).join(',');

export interface FileRules {
  formats: readonly InputImageFormat[];
  /** Background removal has its own over-size text ("Image too large. Maximum size is 10MB."). */
  tooLargeMessage: 'fileTooLarge' | 'imageTooLargeBytes';
}

/**
 * Checks a chosen file before anything is uploaded, in the words users are shown: the
 * type, the 10 MB limit, then that it decodes and its sides are 64–4096 px. Returns a key
 * under tool-run:validation, or null when the file is fine. The server checks the bytes again.
 */
export function checkImageFile(file: File, rules: FileRules): Promise<string | null> {
  const check = checkFile(file, rules);
  checking.add(check);
  void check.finally(() => checking.delete(check));
  return check;
}

/** The checks under way, on any image input of the page. */
const checking = new Set<Promise<unknown>>();

/**
 * Resolves once no image is being checked and what the checks let in has rendered (its state
 * is set in the check's own task; a task after, the page has it). A run pressed right after an
 * image was chosen — the check decodes it: tens of milliseconds, more on a phone; or chosen
 * before the page was hydrated — waits here and runs with that image, rather than being told
 * to choose one.
 */
export async function imageChecksSettled(): Promise<void> {
  do {
    await Promise.allSettled([...checking]);
    await yieldToMain();
  } while (checking.size > 0);
}

async function checkFile(file: File, rules: FileRules): Promise<string | null> {
  if (!file.type.startsWith('image/')) return 'notAnImage';
  if (!rules.formats.some((format) => MEDIA_TYPES[format] === file.type)) {
    return rules.formats.length === 2 ? 'pngOrJpgOnly' : 'notAnImage';
  }
  if (file.size > UPLOAD_MAX_BYTES) return rules.tooLargeMessage;
  let size: { width: number; height: number };
  try {
    size = await imageSize(file);
  } catch {
    return 'invalidImage';
  }
  if (size.width < IMAGE_MIN_SIDE || size.height < IMAGE_MIN_SIDE) return 'imageTooSmall';
  if (size.width > IMAGE_MAX_SIDE || size.height > IMAGE_MAX_SIDE) return 'imageTooLargeSide';
  return null;
}

export async function imageSize(file: File): Promise<{ width: number; height: number }> {
  const bitmap = await createImageBitmap(file);
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
}

/** The checks a tool's main image goes through: its formats, and the size limit of where it runs. */
export const mainImageRules = (definition: { image?: { formats: readonly InputImageFormat[] }; inBrowser: boolean }) =>
  ({
    formats: definition.image?.formats ?? [],
    tooLargeMessage: definition.inBrowser ? 'imageTooLargeBytes' : 'fileTooLarge',
  }) as const;

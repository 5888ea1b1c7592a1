import { BATCH_MAX_IMAGES } from '@atelier/contracts';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import { checkImageFile, type FileRules } from '../intake/check-image-file.ts';
import { type FileRefusal, refusalText } from '../intake/use-image-intake.ts';
import { addToBatch } from './batch-plan.ts';
import type { useBatchRun } from './use-batch-run.ts';

interface BatchIntakeOptions {
  batch: ReturnType<typeof useBatchRun>;
  /** The tool takes batches and the plan allows them. */
  batchable: boolean;
  processing: boolean;
  rules: FileRules;
  /** The checked intake of one image (the single-image page). */
  intake: (file: File | undefined) => Promise<boolean>;
  /** A file that becomes the one image without a check (it was checked with the others). */
  takeImage: (file: File) => void;
  refuseImage: (refusal: FileRefusal) => void;
  /** The selection became a batch: the single image, its mask and its result go. */
  onBatch: () => void;
}

/**
 * Images picked, dropped or pasted together. On a tool that takes batches, several make a
 * batch (or join the one being put together); a single one keeps today's single-image page.
 * Every file is checked; past BATCH_MAX_IMAGES nothing is added and the page says why.
 * `removeTile` takes one out again; a batch of one becomes the single image.
 */
export function useBatchIntake({
  batch,
  batchable,
  processing,
  rules,
  intake,
  takeImage,
  refuseImage,
  onBatch,
}: BatchIntakeOptions) {
  const { t } = useTranslation(['tool-run', 'studio-batch']);

  async function takeFiles(files: File[]) {
    if (files.length === 0 || processing) return;
    const selection = batch.launched ? [] : batch.tiles.map((tile) => tile.file);
    if (!batchable || (files.length === 1 && selection.length === 0)) {
      await intake(files[0]);
      return;
    }
    const problems = await Promise.all(files.map((file) => checkImageFile(file, rules)));
    const refused = files.filter((_, i) => problems[i]);
    if (refused.length === 1 && files.length === 1) {
      const one = { name: refused[0]!.name, problem: problems[0]! };
      void notify((toast) => toast.error(refusalText(t, one)));
      // Added to a batch, the refused file is left out and the batch can still run.
      if (selection.length === 0) refuseImage(one);
      return;
    }
    if (refused.length > 0)
      void notify((toast) =>
        toast.error(
          t('studio-batch:batch.refused', { count: refused.length, names: refused.map((f) => f.name).join(', ') }),
        ),
      );
    const usable = files.filter((_, i) => !problems[i]);
    if (usable.length === 0) {
      if (selection.length === 0) refuseImage({ name: refused.map((f) => f.name).join(', '), problem: problems[0]! });
      return;
    }
    const added = addToBatch(selection, usable, BATCH_MAX_IMAGES);
    if (added.refused) {
      void notify((toast) =>
        toast.error(t('studio-batch:batch.tooMany', { max: BATCH_MAX_IMAGES, count: added.total })),
      );
      return;
    }
    if (added.files.length === 1) {
      batch.select([]);
      takeImage(added.files[0]!);
      return;
    }
    batch.select(added.files);
    onBatch();
  }

  function removeTile(key: string) {
    const rest = batch.tiles.filter((tile) => tile.key !== key);
    if (rest.length === 1) {
      batch.select([]);
      takeImage(rest[0]!.file);
    } else batch.remove(key);
  }

  return { takeFiles, removeTile };
}

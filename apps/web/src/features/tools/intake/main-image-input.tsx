import { BATCH_MAX_IMAGES, INPUT_IMAGE_FORMATS } from '@atelier/contracts';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import { PlanLock } from '../../pricing/index.ts';
import type { FromOutput } from '../run/use-run-source.ts';
import type { FileRules } from './check-image-file.ts';
import { ImageDropZone } from './image-drop-zone.tsx';
import type { FileRefusal } from './use-image-intake.ts';

/**
 * The tool's main image input in the side panel: one image, or a batch's selection where the
 * tool and the plan take batches (on Free, several files dropped keep the first and say why);
 * the plan lock under it, and which run the image came from (Continue with…).
 */
export function MainImageInput({
  id,
  mask,
  file,
  batchable,
  batchLocked,
  batch,
  onFile,
  onRefuse,
  onFiles,
  intake,
  rules,
  disabled,
  fromOutput,
}: {
  id: string;
  /** The tool paints a mask on this image (it is the original). */
  mask: boolean;
  file: File | null;
  batchable: boolean;
  batchLocked: boolean;
  /** The batch's selection, while there is one. */
  batch: { count: number; launched: boolean } | null;
  onFile: (file: File) => void;
  onRefuse: (refusal: FileRefusal) => void;
  /** Several files at once, on a tool that takes batches. */
  onFiles: (files: File[]) => void;
  intake: (file: File) => Promise<boolean>;
  rules: FileRules;
  disabled: boolean;
  /** The stored output the image is, shown while it is the input. */
  fromOutput: FromOutput | null;
}) {
  const { t } = useTranslation(['tool-run', 'studio-batch', 'tools']);
  const label = mask
    ? t('upload.original')
    : batchable
      ? t('studio-batch:batch.images', { max: BATCH_MAX_IMAGES })
      : t('upload.image');
  const summary = batch
    ? t(batch.launched ? 'studio-batch:batch.selectionDone' : 'studio-batch:batch.selection', { count: batch.count })
    : undefined;
  return (
    <>
      <ImageDropZone
        id={id}
        label={label}
        file={file}
        onFile={onFile}
        onRefuse={onRefuse}
        onFiles={
          batchable
            ? onFiles
            : batchLocked
              ? (files) => {
                  if (files.length > 1) void notify((toast) => toast.message(t('common:planLock.oneImage')));
                  if (files[0]) void intake(files[0]);
                }
              : undefined
        }
        summary={summary}
        rules={rules}
        disabled={disabled}
        takesPaste
      />
      {batchLocked && <PlanLock feature="batches" className="-mt-2" />}
      {fromOutput && (
        <p data-testid="input-source" className="-mt-2 text-xs text-zinc-600 dark:text-zinc-400">
          {t('studio-batch:source.fromRun', { tool: t(`tools:${fromOutput.tool}.name`) })}
        </p>
      )}
    </>
  );
}

/** A second image a tool may take (style creation's reference, a replaced background), checked like the first. */
export function OtherImageInput({
  label,
  file,
  onFile,
  onRefuse,
  disabled,
}: {
  label: string;
  file: File | null;
  onFile: (file: File) => void;
  onRefuse: (refusal: FileRefusal) => void;
  disabled: boolean;
}) {
  return (
    <ImageDropZone
      label={label}
      file={file}
      onFile={onFile}
      onRefuse={onRefuse}
      rules={{ formats: INPUT_IMAGE_FORMATS, tooLargeMessage: 'fileTooLarge' }}
      disabled={disabled}
    />
  );
}

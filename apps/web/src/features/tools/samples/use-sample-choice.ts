import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import { fileFromUrl } from '../intake/input-sources.ts';
import type { SampleImage } from './sample-images.ts';

/** "Try a sample": the sample becomes the input like a chosen file, its mask (if any) follows. */
export function useSampleChoice(intake: (file: File) => Promise<boolean>, setPendingMask: (mask: File) => void) {
  const { t } = useTranslation('tool-run');
  return async function chooseSample(sample: SampleImage) {
    try {
      const file = await fileFromUrl(sample.url, sample.fileName);
      if (!(await intake(file))) return;
      if (sample.mask) setPendingMask(await fileFromUrl(sample.mask.url, sample.mask.fileName));
    } catch {
      void notify((toast) => toast.error(t('samples.failed')));
    }
  };
}

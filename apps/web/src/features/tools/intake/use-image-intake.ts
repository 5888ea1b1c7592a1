import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import { checkImageFile, type FileRules } from './check-image-file.ts';

/** A chosen file the page's checks refused: its name, and the key under tool-run:validation saying why. */
export interface FileRefusal {
  name: string;
  problem: string;
}

/** The refusal in the user's words, naming the file: `“photo.gif” cannot be used: Please select a valid image file`. */
export const refusalText = (t: (key: string, options?: Record<string, unknown>) => string, refusal: FileRefusal) =>
  t('tool-run:validation.refused', { name: refusal.name, problem: t(`tool-run:validation.${refusal.problem}`) });

/**
 * The one way an image becomes a tool's input, whatever its source (picked, dropped, pasted,
 * a sample): it is checked (type, 10 MB, size in pixels) first; a refusal is a toast in the
 * spec's words naming the file, the previous image stays, and `onRefuse` hears of it (the page
 * keeps Run disabled until a usable file is chosen). Resolves whether the file was taken.
 */
export function useImageIntake(
  rules: FileRules,
  onFile: (file: File) => void,
  disabled = false,
  onRefuse?: (refusal: FileRefusal) => void,
) {
  const { t } = useTranslation('tool-run');
  const { formats, tooLargeMessage } = rules;
  return useCallback(
    async (candidate: File | undefined): Promise<boolean> => {
      if (!candidate || disabled) return false;
      const problem = await checkImageFile(candidate, { formats, tooLargeMessage });
      if (problem) {
        const refusal = { name: candidate.name, problem };
        void notify((toast) => toast.error(refusalText(t, refusal)));
        onRefuse?.(refusal);
        return false;
      }
      onFile(candidate);
      return true;
    },
    [formats, tooLargeMessage, onFile, onRefuse, disabled, t],
  );
}

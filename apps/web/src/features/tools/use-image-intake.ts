import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify.ts';
import { checkImageFile, type FileRules } from './check-image-file.ts';

/**
 * The one way an image becomes a tool's input, whatever its source (picked, dropped, pasted,
 * a sample): it is checked (type, 10 MB, size in pixels) first; a refusal is a toast in the
 * spec's words and the previous image stays. Resolves whether the file was taken.
 */
export function useImageIntake(rules: FileRules, onFile: (file: File) => void, disabled = false) {
  const { t } = useTranslation('tool-run');
  const { formats, tooLargeMessage } = rules;
  return useCallback(
    async (candidate: File | undefined): Promise<boolean> => {
      if (!candidate || disabled) return false;
      const problem = await checkImageFile(candidate, { formats, tooLargeMessage });
      if (problem) {
        void notify((toast) => toast.error(t(`validation.${problem}`)));
        return false;
      }
      onFile(candidate);
      return true;
    },
    [formats, tooLargeMessage, onFile, disabled, t],
  );
}

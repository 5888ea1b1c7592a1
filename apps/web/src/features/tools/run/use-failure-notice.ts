import type { Run, ToolId } from '@atelier/contracts';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import { failureText } from './run-failure-text.ts';

/** The toast a failed run (or batch start) shows: what went wrong, and whether its credit came back. */
export function useFailureNotice(tool: ToolId) {
  const { t } = useTranslation('tool-run');
  return (error: unknown, run?: Run) => {
    const text = failureText(tool, error);
    // A browser run that failed here may have had its credit given back (use-tool-run.ts).
    const refunded = run?.clientSide && run.refunded ? t('failure.creditReturned') : undefined;
    void notify((toast) =>
      toast.error(t(text.title), {
        description:
          [text.serverMessage ?? (text.description && t(text.description)), refunded].filter(Boolean).join(' ') ||
          undefined,
      }),
    );
  };
}

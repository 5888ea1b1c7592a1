import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { buttonClass } from './button-styles.ts';
import { DIALOG_BOX_CLASS, DIALOG_OVERLAY_CLASS } from './dialog-styles.ts';

/**
 * What an alert dialog asking to confirm one action shows, inside its `AlertDialog.Root` (each
 * caller keeps its own root and trigger): the title, what the action does, then the way back and
 * the action. Radix returns focus to the trigger when it closes.
 */
export function ConfirmDialogContent({
  title,
  description,
  cancel,
  confirm,
  onConfirm,
  confirmClassName = buttonClass('primary'),
}: {
  title: ReactNode;
  description: ReactNode;
  cancel: ReactNode;
  confirm: ReactNode;
  onConfirm: () => void;
  confirmClassName?: string;
}) {
  return (
    <AlertDialog.Portal>
      <AlertDialog.Overlay className={DIALOG_OVERLAY_CLASS} />
      <AlertDialog.Content className={DIALOG_BOX_CLASS}>
        <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
        <AlertDialog.Description className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          {description}
        </AlertDialog.Description>
        <div className="mt-6 flex justify-end gap-2">
          <AlertDialog.Cancel className={buttonClass('secondary')}>{cancel}</AlertDialog.Cancel>
          <AlertDialog.Action onClick={onConfirm} className={confirmClassName}>
            {confirm}
          </AlertDialog.Action>
        </div>
      </AlertDialog.Content>
    </AlertDialog.Portal>
  );
}

import { ADMIN_CREDIT_DELTA_MAX, ADMIN_REASON_MAX_LENGTH } from '@atelier/contracts';
import { Dialog } from 'radix-ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { DIALOG_BOX_CLASS, DIALOG_OVERLAY_CLASS } from '../../components/ui/dialog-styles.ts';
import { TextField } from '../../components/ui/text-field.tsx';

export interface ReasonDialogProps {
  /** The button that opens the dialog. */
  trigger: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  /** Asks for a credit change (a signed whole number) besides the reason. */
  withDelta?: boolean;
  /** Further fields of the action (asked before the reason), and whether they are filled in. */
  children?: ReactNode;
  fieldsReady?: boolean;
  danger?: boolean;
  /** Resolves when done (the dialog closes); rejects to keep it open with the error shown. */
  onConfirm: (input: { reason: string; delta: number }) => Promise<void>;
  errorText: (error: unknown) => string;
}

/** Every admin action asks why before it happens: the reason goes to the audit log. */
export function ReasonDialog(props: ReasonDialogProps) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [delta, setDelta] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const reset = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setReason('');
      setDelta('');
      setError(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await props.onConfirm({ reason: reason.trim(), delta: Number(delta) });
      reset(false);
    } catch (caught) {
      setError(props.errorText(caught));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={reset}>
      <Dialog.Trigger asChild>{props.trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={DIALOG_OVERLAY_CLASS} />
        <Dialog.Content className={DIALOG_BOX_CLASS}>
          <Dialog.Title className="text-lg font-semibold">{props.title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            {props.description}
          </Dialog.Description>
          <form onSubmit={submit} className="mt-4 flex flex-col gap-4">
            {props.withDelta && (
              <TextField
                label={t('actions.credits.delta')}
                hint={t('actions.credits.deltaHint')}
                type="number"
                inputMode="numeric"
                step={1}
                min={-ADMIN_CREDIT_DELTA_MAX}
                max={ADMIN_CREDIT_DELTA_MAX}
                required
                value={delta}
                onChange={(e) => setDelta(e.target.value)}
              />
            )}
            {props.children}
            <TextField
              label={t('actions.reason')}
              hint={t('actions.reasonHint')}
              required
              maxLength={ADMIN_REASON_MAX_LENGTH}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
            {error && (
              <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                {error}
              </p>
            )}
            <div className="flex justify-end gap-2">
              <Dialog.Close className={buttonClass('secondary')}>{t('actions.cancel')}</Dialog.Close>
              <button
                type="submit"
                disabled={
                  pending ||
                  !reason.trim() ||
                  props.fieldsReady === false ||
                  (props.withDelta && (!delta || Number(delta) === 0))
                }
                className={buttonClass('primary', 'md', props.danger ? 'bg-red-600 hover:bg-red-700' : undefined)}
              >
                {props.confirmLabel}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

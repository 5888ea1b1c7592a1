import { DELETE_ACCOUNT_PHRASES, isLanguage } from '@atelier/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { DIALOG_BOX_CLASS, DIALOG_OVERLAY_CLASS } from '../../components/ui/dialog-styles.ts';
import { TextField } from '../../components/ui/text-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { SESSION_QUERY_KEY } from '../auth/index.ts';
import { profileApi } from './profile-api.ts';

/**
 * Account deletion (dialog open, phrase typed, deleting, signed out). The
 * button works only once the exact phrase of the interface language is typed; cancelling
 * changes nothing.
 */
export function DeleteAccountDialog() {
  const { t, i18n } = useTranslation('profile');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const phrase = DELETE_ACCOUNT_PHRASES[isLanguage(i18n.language) ? i18n.language : 'en'];

  const remove = useMutation({
    mutationFn: profileApi.deleteAccount,
    onSuccess: async () => {
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
      navigate('/login', { replace: true });
      void notify((toast) => toast(t('toast.deleted'), { description: t('toast.deletedBody') }));
    },
    onError: (error) => {
      const reason =
        error instanceof ApiError && error.code === 'UNAUTHENTICATED'
          ? 'auth'
          : error instanceof ApiError && error.code === 'NETWORK'
            ? 'network'
            : 'generic';
      void notify((toast) =>
        toast.error(t('toast.deletionFailed.title'), { description: t(`toast.deletionFailed.${reason}`) }),
      );
    },
  });

  const changeOpen = (next: boolean) => {
    if (remove.isPending) return;
    setOpen(next);
    if (!next) setTyped('');
  };

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Trigger
        className={buttonClass('primary', 'md', 'bg-red-600 hover:bg-red-700 dark:bg-red-600 dark:hover:bg-red-500')}
      >
        {t('danger.button')}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={DIALOG_OVERLAY_CLASS} />
        <Dialog.Content className={`${DIALOG_BOX_CLASS} flex flex-col gap-4`}>
          <Dialog.Title className="text-lg font-semibold">{t('danger.dialog.title')}</Dialog.Title>
          <Dialog.Description className="text-sm text-zinc-600 dark:text-zinc-400">
            {t('danger.dialog.body')}
          </Dialog.Description>
          <TextField
            label={t('danger.dialog.prompt', { phrase })}
            name="confirm-phrase"
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          <div className="flex justify-end gap-2">
            <Dialog.Close className={buttonClass('secondary')} disabled={remove.isPending}>
              {t('danger.dialog.cancel')}
            </Dialog.Close>
            <button
              type="button"
              disabled={typed !== phrase || remove.isPending}
              onClick={() => remove.mutate()}
              className={buttonClass(
                'primary',
                'md',
                'bg-red-600 hover:bg-red-700 dark:bg-red-600 dark:hover:bg-red-500',
              )}
            >
              {remove.isPending ? t('danger.dialog.deleting') : t('danger.dialog.confirm')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

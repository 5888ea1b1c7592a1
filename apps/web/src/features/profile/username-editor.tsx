import { type ProfileDto, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '@atelier/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { TextField } from '../../components/ui/text-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { profileApi } from './profile-api.ts';
import { toastProfileError } from './profile-toasts.ts';
import { useSetProfile } from './use-profile.ts';

/** Username: display, edit, saved or cancelled; 3–20 letters, digits or underscores; blank saves as none. */
export function UsernameEditor({ profile }: { profile: ProfileDto }) {
  const { t } = useTranslation('profile');
  const setProfile = useSetProfile();
  const [draft, setDraft] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (username: string) => profileApi.update({ username }),
    onSuccess: (next) => {
      setProfile(next);
      setDraft(null);
      void notify((toast) => toast.success(t('toast.usernameUpdated')));
    },
    onError: (error) =>
      toastProfileError(
        t,
        error instanceof ApiError && error.code === 'USERNAME_TAKEN' ? 'toast.usernameTaken' : 'toast.usernameFailed',
      ),
  });

  if (draft === null) {
    return (
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('account.username.label')}</span>
        <div className="flex items-center gap-3">
          <span data-testid="profile-username" className={profile.username ? 'text-base' : 'text-base text-zinc-500'}>
            {profile.username ?? t('account.username.none')}
          </span>
          <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => setDraft(profile.username ?? '')}>
            {t('account.username.edit')}
          </button>
        </div>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <TextField
        label={t('account.username.label')}
        name="username"
        autoComplete="username"
        maxLength={USERNAME_MAX_LENGTH}
        hint={t('account.username.hint', { min: USERNAME_MIN_LENGTH, max: USERNAME_MAX_LENGTH })}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        autoFocus
      />
      <div className="flex gap-2">
        <button type="submit" disabled={save.isPending} className={buttonClass('primary', 'sm')}>
          {t('account.username.save')}
        </button>
        <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => setDraft(null)}>
          {t('account.username.cancel')}
        </button>
      </div>
    </form>
  );
}

import { AVATAR_MAX_BYTES, type ProfileDto } from '@atelier/contracts';
import { useMutation } from '@tanstack/react-query';
import { Camera, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { notify } from '../../lib/notify.ts';
import { profileApi } from './profile-api.ts';
import { toastProfileError } from './profile-toasts.ts';
import { useSetProfile } from './use-profile.ts';

/**
 * Avatar upload and removal (idle, uploading, done or failed). The browser
 * checks type and size only to answer at once; the server decides by the bytes.
 */
export function AvatarEditor({ profile }: { profile: ProfileDto }) {
  const { t } = useTranslation('profile');
  const setProfile = useSetProfile();
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: profileApi.uploadAvatar,
    onSuccess: (next) => {
      setProfile(next);
      void notify((toast) => toast.success(t('toast.avatarUpdated')));
    },
    onError: () => toastProfileError(t, 'toast.uploadFailed'),
  });
  const remove = useMutation({
    mutationFn: profileApi.removeAvatar,
    onSuccess: setProfile,
    onError: () => toastProfileError(t, 'toast.removeFailed'),
  });

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) return toastProfileError(t, 'toast.invalidType');
    if (file.size > AVATAR_MAX_BYTES) return toastProfileError(t, 'toast.tooLarge');
    upload.mutate(file);
  };

  const initial = (profile.username ?? profile.email).charAt(0).toUpperCase();
  const busy = upload.isPending || remove.isPending;
  return (
    <div className="flex items-center gap-5">
      {profile.avatarUrl ? (
        <img src={profile.avatarUrl} alt={t('account.avatar.alt')} className="size-20 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-20 items-center justify-center rounded-full bg-brand-100 text-3xl font-semibold text-brand-700 dark:bg-brand-950 dark:text-brand-300"
        >
          {initial}
        </span>
      )}
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <label className={buttonClass('secondary', 'sm', busy ? 'pointer-events-none opacity-50' : 'cursor-pointer')}>
            <Camera aria-hidden="true" className="size-4" />
            {upload.isPending ? t('account.avatar.uploading') : t('account.avatar.upload')}
            <input
              ref={input}
              type="file"
              accept="image/*"
              className="sr-only"
              disabled={busy}
              onChange={(e) => choose(e.target.files?.[0])}
            />
          </label>
          {profile.avatarUrl && (
            <button
              type="button"
              disabled={busy}
              onClick={() => remove.mutate()}
              className={buttonClass('ghost', 'sm')}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {t('account.avatar.remove')}
            </button>
          )}
        </div>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('account.avatar.hint')}</p>
      </div>
    </div>
  );
}

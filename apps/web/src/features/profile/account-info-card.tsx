import type { ProfileDto } from '@atelier/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format-date.ts';
import { AvatarEditor } from './avatar-editor.tsx';
import { UsernameEditor } from './username-editor.tsx';

/** Account information: avatar, username, the read-only e-mail and when it last changed. */
export function AccountInfoCard({ profile }: { profile: ProfileDto }) {
  const { t, i18n } = useTranslation('profile');
  return (
    <section
      aria-labelledby="account-info-title"
      className="flex flex-col gap-6 rounded-2xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="account-info-title" className="text-lg font-semibold">
        {t('account.title')}
      </h2>
      <AvatarEditor profile={profile} />
      <UsernameEditor profile={profile} />
      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-zinc-800 dark:text-zinc-200">{t('account.email')}</dt>
          <dd className="mt-1 text-zinc-600 dark:text-zinc-400" data-testid="profile-email">
            {profile.email}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-zinc-800 dark:text-zinc-200">{t('account.lastUpdated')}</dt>
          <dd className="mt-1 text-zinc-600 dark:text-zinc-400">
            {formatDate(profile.updatedAt, i18n.language, 'long')}
          </dd>
        </div>
      </dl>
    </section>
  );
}

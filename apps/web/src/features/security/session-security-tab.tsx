import type { SessionInfo } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { notify } from '../../lib/notify.ts';
import { securityApi, securityKeys } from './security-api.ts';

/** Session Security: this session and the others (at most 3), each other one revocable. */
export function SessionSecurityTab() {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: securityKeys.sessions, queryFn: securityApi.sessions });
  const revoke = useMutation({
    mutationFn: securityApi.revokeSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions }),
    onError: () => void notify((toast) => toast.error(t('sessions.revokeFailed'))),
  });
  if (sessions.isPending) return <Spinner />;
  if (!sessions.data) return <p role="alert">{t('dashboard.loadFailed')}</p>;
  const current = sessions.data.filter((s) => s.current);
  const others = sessions.data.filter((s) => !s.current);
  return (
    <div className="flex flex-col gap-4">
      <h3 className="text-sm font-semibold">{t('sessions.current')}</h3>
      <ul>
        {current.map((s) => (
          <SessionRow key={s.id} session={s} />
        ))}
      </ul>
      <h3 className="text-sm font-semibold">{t('sessions.others')}</h3>
      {others.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('sessions.noOthers')}</p>
      ) : (
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {others.map((s) => (
            <SessionRow key={s.id} session={s}>
              <button
                type="button"
                className={buttonClass('secondary', 'sm')}
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(s.id)}
              >
                {t('sessions.revoke')}
              </button>
            </SessionRow>
          ))}
        </ul>
      )}
    </div>
  );
}

function SessionRow({ session, children }: { session: SessionInfo; children?: ReactNode }) {
  const { t, i18n } = useTranslation('security');
  return (
    <li className="flex items-center justify-between gap-4 py-2 text-sm">
      <div className="min-w-0">
        <p className="truncate">{session.userAgent ?? t('sessions.unknownDevice')}</p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {t('sessions.details', {
            ip: session.ipAddress ?? '—',
            signedIn: formatDate(session.createdAt, i18n.language, 'medium-time'),
            active: formatDate(session.lastActivity, i18n.language, 'medium-time'),
          })}
        </p>
      </div>
      {children}
    </li>
  );
}

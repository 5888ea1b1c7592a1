import type { AdminUserDetail } from '@atelier/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { notify } from '../../lib/notify.ts';
import { ADMIN_QUERY_KEY, adminApi } from './admin-api.ts';
import { adminErrorText } from './admin-error-text.ts';
import { GrantPlanDialog } from './grant-plan-dialog.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

/** Grant or deduct credits, grant a plan, end all sessions, disable or enable: each asks for a reason. */
export function UserActions({ user }: { user: AdminUserDetail['user'] }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
  const done = async (message: string) => {
    await refresh();
    void notify((toast) => toast.success(message));
  };

  return (
    <div className="flex flex-wrap gap-2">
      <ReasonDialog
        trigger={
          <button type="button" className={buttonClass('primary', 'sm')}>
            {t('actions.credits.button')}
          </button>
        }
        title={t('actions.credits.title')}
        description={t('actions.credits.description', { email: user.email, credits: user.credits })}
        confirmLabel={t('actions.credits.confirm')}
        withDelta
        errorText={(error) => adminErrorText(t, error)}
        onConfirm={async ({ delta, reason }) => {
          const { credits } = await adminApi.adjustCredits(user.id, delta, reason);
          await done(t('actions.credits.done', { credits }));
        }}
      />
      <GrantPlanDialog user={user} onDone={done} />
      <ReasonDialog
        trigger={
          <button type="button" className={buttonClass('secondary', 'sm')}>
            {t('actions.sessions.button')}
          </button>
        }
        title={t('actions.sessions.title')}
        description={t('actions.sessions.description', { email: user.email })}
        confirmLabel={t('actions.sessions.confirm')}
        errorText={(error) => adminErrorText(t, error)}
        onConfirm={async ({ reason }) => {
          const { revoked } = await adminApi.revokeSessions(user.id, reason);
          await done(t('actions.sessions.done', { count: revoked }));
        }}
      />
      {user.disabled ? (
        <ReasonDialog
          trigger={
            <button type="button" className={buttonClass('secondary', 'sm')}>
              {t('actions.enable.button')}
            </button>
          }
          title={t('actions.enable.title')}
          description={t('actions.enable.description', { email: user.email })}
          confirmLabel={t('actions.enable.confirm')}
          errorText={(error) => adminErrorText(t, error, 'enable')}
          onConfirm={async ({ reason }) => {
            await adminApi.enable(user.id, reason);
            await done(t('actions.enable.done'));
          }}
        />
      ) : (
        <ReasonDialog
          trigger={
            <button type="button" className={buttonClass('secondary', 'sm', 'text-red-700 dark:text-red-400')}>
              {t('actions.disable.button')}
            </button>
          }
          title={t('actions.disable.title')}
          description={t('actions.disable.description', { email: user.email })}
          confirmLabel={t('actions.disable.confirm')}
          danger
          errorText={(error) => adminErrorText(t, error, 'disable')}
          onConfirm={async ({ reason }) => {
            await adminApi.disable(user.id, reason);
            await done(t('actions.disable.done'));
          }}
        />
      )}
    </div>
  );
}

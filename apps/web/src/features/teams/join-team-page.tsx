import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { ApiError } from '../../lib/api-client.ts';
import { setWorkspace } from '../../lib/charged-workspace.ts';
import { loginHref } from '../../lib/redirect-target.ts';
import { useSession } from '../auth/index.ts';
import { teamErrorText } from './team-error-text.ts';
import { TEAMS_QUERY_KEY, teamsApi } from './teams-api.ts';

/**
 * /teams/join?token=…: the mailed invitation's link. A visitor is sent to create an account (or
 * sign in) and comes back here (ADR 0036's `next`); a signed-in account joins with one press,
 * and the team becomes its workspace. An account whose address is not confirmed yet claims the
 * invitation at once on arrival: confirming the address then adds it to the team (ADR 0041).
 */
export default function JoinTeamPage() {
  const { t } = useTranslation('team');
  const session = useSession();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const here = `/teams/join?token=${encodeURIComponent(token)}`;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const join = useMutation({
    mutationFn: () => teamsApi.join(token),
    onSuccess: async (team) => {
      await queryClient.invalidateQueries({ queryKey: TEAMS_QUERY_KEY });
      if (session.user) setWorkspace(session.user.id, team.id);
      navigate('/team');
    },
  });
  const unverified = session.status === 'signed-in' && session.user.emailVerified === false;
  const { mutate, isIdle } = join;
  useEffect(() => {
    if (token && unverified && isIdle) mutate();
  }, [token, unverified, isIdle, mutate]);
  const awaitingVerification = join.error instanceof ApiError && join.error.code === 'EMAIL_NOT_CONFIRMED';
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-semibold tracking-tight">{t('join.title')}</h1>
      <p className="mt-3 text-zinc-600 dark:text-zinc-400">{t('join.body')}</p>
      {!token ? (
        <p role="alert" className="mt-6 text-red-600 dark:text-red-400">
          {t('errors.INVITATION_GONE')}
        </p>
      ) : session.status === 'signed-out' ? (
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link to={loginHref({ next: here, signUp: true })} className={buttonClass('primary')}>
            {t('join.signUp')}
          </Link>
          <Link to={loginHref({ next: here })} className={buttonClass('secondary')}>
            {t('join.signIn')}
          </Link>
        </div>
      ) : session.status === 'signed-in' ? (
        <div className="mt-8">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('join.as', { email: session.user.email })}</p>
          {awaitingVerification ? (
            <p role="status" className="mt-4 text-sm text-zinc-700 dark:text-zinc-300">
              {t('join.pendingVerification', { email: session.user.email })}
            </p>
          ) : (
            <>
              <button
                type="button"
                className={buttonClass('primary', 'md', 'mt-4')}
                disabled={join.isPending}
                onClick={() => join.mutate()}
              >
                {t('join.submit')}
              </button>
              {join.isError && (
                <p role="alert" className="mt-4 text-sm text-red-600 dark:text-red-400">
                  {teamErrorText(t, join.error)}
                </p>
              )}
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}

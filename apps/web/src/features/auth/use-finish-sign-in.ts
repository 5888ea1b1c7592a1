import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../lib/notify.ts';
import { SESSION_QUERY_KEY } from './use-session.ts';

/**
 * After a sign-in or sign-up: refresh the session, greet (platform.md §8: "Welcome back!",
 * "Signed in as …") and go home. An unconfirmed e-mail is only logged (platform.md §4).
 */
export function useFinishSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
  return useCallback(
    async (user: { email: string; emailVerified?: boolean }, kind: 'signIn' | 'signUp') => {
      if (user.emailVerified === false) console.info('Atelier: this account has not confirmed its e-mail yet.');
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      navigate('/', { replace: true });
      void notify((toast) =>
        toast.success(t(kind === 'signIn' ? 'toast.welcomeBack' : 'toast.accountCreated'), {
          description: t('toast.signedInAs', { email: user.email }),
        }),
      );
    },
    [navigate, queryClient, t],
  );
}

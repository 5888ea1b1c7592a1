import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { notify } from '../../lib/notify.ts';
import { redirectTargetOf } from '../../lib/redirect-target.ts';
import { SESSION_QUERY_KEY } from './use-session.ts';

/**
 * After a sign-in or sign-up: refresh the session, greet ("Welcome back!",
 * "Signed in as …") and go to the page /login was asked to come back to (`?next=`), else home.
 * A new account is told its verification e-mail is on its way.
 */
export function useFinishSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { t } = useTranslation('auth');
  return useCallback(
    async (user: { email: string; emailVerified?: boolean }, kind: 'signIn' | 'signUp') => {
      const target = redirectTargetOf(search);
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      navigate(target, { replace: true });
      const unverified = user.emailVerified === false;
      void notify((toast) =>
        toast.success(t(kind === 'signIn' ? 'toast.welcomeBack' : 'toast.accountCreated'), {
          description: t(kind === 'signUp' && unverified ? 'toast.verificationSent' : 'toast.signedInAs', {
            email: user.email,
          }),
        }),
      );
    },
    [navigate, queryClient, search, t],
  );
}

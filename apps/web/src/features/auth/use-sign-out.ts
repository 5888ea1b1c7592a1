import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { SESSION_QUERY_KEY } from './use-session.ts';

/** Signs out on the server, forgets the cached session and goes to /login. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation('common');
  return useCallback(async () => {
    const signedOut = await api.POST('/auth/sign-out').catch(() => null);
    if (!signedOut?.response.ok) {
      void notify((toast) => toast.error(t('toast.signOutFailed'), { description: t('toast.tryAgain') }));
      return;
    }
    await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    navigate('/login');
    void notify((toast) => toast(t('toast.signedOut'), { description: t('toast.comeBackSoon') }));
  }, [navigate, queryClient, t]);
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../lib/notify.ts';
import { SESSION_QUERY_KEY } from '../auth/index.ts';
import { SECURITY_QUERY_KEY } from './security-api.ts';

/**
 * What the page does when the server has ended its session (timeout, device mismatch,
 * revoked elsewhere): the server already signed it out, so forget it here and go to /login.
 */
export function useSessionExpiry(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation('security');
  return useCallback(() => {
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    queryClient.removeQueries({ queryKey: SECURITY_QUERY_KEY });
    navigate('/login', { replace: true });
    void notify((toast) =>
      toast(t('monitor.expired'), { id: 'session-expired', description: t('monitor.signInAgain') }),
    );
  }, [navigate, queryClient, t]);
}

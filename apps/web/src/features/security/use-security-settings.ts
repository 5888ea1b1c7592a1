import type { UpdateSecuritySettings } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify.ts';
import { securityApi, securityKeys } from './security-api.ts';

/** The settings and a save that puts the server's answer into the cache (the monitor reads it too). */
export function useSecuritySettings() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('security');
  const settings = useQuery({ queryKey: securityKeys.settings, queryFn: securityApi.settings });
  const save = useMutation({
    mutationFn: (changes: UpdateSecuritySettings) => securityApi.updateSettings(changes),
    onSuccess: (saved) => {
      queryClient.setQueryData(securityKeys.settings, saved);
      void notify((toast) => toast.success(t('settings.saved')));
    },
    onError: () => void notify((toast) => toast.error(t('settings.saveFailed'))),
  });
  return { settings, save };
}

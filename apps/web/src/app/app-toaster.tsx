import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster, toast } from 'sonner';
import { toasterIsMounted } from '../lib/notify.ts';
import { TOAST_DURATION_MS } from '../lib/ui-constants.ts';
import { useAppliedDark } from '../lib/use-theme.ts';

/**
 * Toasts per spec: 3000 ms, a close button, swipe to dismiss (sonner), and Escape — which
 * sonner itself only uses to collapse the stack, so the shell dismisses them here. An Escape
 * that a dialog or menu already handled (defaultPrevented) is left alone. Loaded lazily; raise
 * toasts that can happen at page load through lib/notify.ts.
 */
export default function AppToaster() {
  const { t } = useTranslation('common');
  const dark = useAppliedDark();
  // Runs after sonner's own effects have subscribed it to new toasts.
  useEffect(toasterIsMounted, []);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) toast.dismiss();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <Toaster
      theme={dark ? 'dark' : 'light'}
      position="top-center"
      duration={TOAST_DURATION_MS}
      closeButton
      containerAriaLabel={t('toast.region')}
      toastOptions={{ closeButtonAriaLabel: t('toast.close') }}
    />
  );
}

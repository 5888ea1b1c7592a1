import { AlertDialog } from 'radix-ui';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';

/**
 * While a run is in progress, leaving the page asks first: a link or Back inside Atelier opens
 * this dialog (the router's blocker), closing or reloading the tab gets the browser's own
 * prompt (beforeunload). Either way the run itself is not touched: a server run goes on.
 */
export function LeaveGuard({ active, inBrowser }: { active: boolean; inBrowser: boolean }) {
  const { t } = useTranslation('tool-run');
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname,
  );

  // Leave closes the dialog too: that close must not cancel the navigation it just let go.
  const leaving = useRef(false);

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ''; // older browsers need it set to show the prompt
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);

  return (
    <AlertDialog.Root
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && !leaving.current) blocker.reset?.();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl dark:bg-zinc-900">
          <AlertDialog.Title className="text-lg font-semibold">{t('leave.title')}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            {t(inBrowser ? 'leave.bodyBrowser' : 'leave.body')}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass('secondary')}>{t('leave.stay')}</AlertDialog.Cancel>
            <AlertDialog.Action
              onClick={() => {
                leaving.current = true;
                blocker.proceed?.();
              }}
              className={buttonClass('primary')}
            >
              {t('leave.leave')}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

import { lazy, Suspense, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/** The dialog's code (Radix's alert dialog) loads when someone tries to leave during a run. */
const LeaveDialog = lazy(() => import('./leave-dialog.tsx'));

/**
 * While a run is in progress, leaving the page asks first: a link or Back inside Atelier opens
 * this dialog (the router's blocker), closing or reloading the tab gets the browser's own
 * prompt (beforeunload). Either way the run itself is not touched: a server run goes on.
 */
export function LeaveGuard({ active, inBrowser }: { active: boolean; inBrowser: boolean }) {
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

  if (blocker.state !== 'blocked') return null;
  return (
    <Suspense fallback={null}>
      <LeaveDialog
        inBrowser={inBrowser}
        onStay={() => {
          if (!leaving.current) blocker.reset?.();
        }}
        onLeave={() => {
          leaving.current = true;
          blocker.proceed?.();
        }}
      />
    </Suspense>
  );
}

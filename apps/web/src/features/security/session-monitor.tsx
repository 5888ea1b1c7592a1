import { lazy, Suspense } from 'react';
import { useSession } from '../auth/index.ts';

// Loaded on demand: visitors (and the home page's first load) never need it.
const SignedInSessionMonitor = lazy(() => import('./signed-in-session-monitor.tsx'));

/** Mounted once in the layout: watches the session while someone is signed in. */
export function SessionMonitor() {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  return (
    <Suspense fallback={null}>
      <SignedInSessionMonitor />
    </Suspense>
  );
}

import { SESSION_WARNING_THRESHOLD_SECONDS } from '@atelier/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { useSessionHeartbeat } from './use-session-heartbeat.ts';

/** The heartbeat and the timeout warning; loaded only once someone is signed in. */
export default function SignedInSessionMonitor() {
  const { deadline, extend, warn } = useSessionHeartbeat();
  const remaining = useSecondsUntil(deadline);
  if (!warn || remaining === null || remaining > SESSION_WARNING_THRESHOLD_SECONDS) return null;
  return <TimeoutWarning seconds={remaining} onExtend={extend} />;
}

/** Seconds left until the deadline, counted down every second. */
function useSecondsUntil(deadline: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

function TimeoutWarning({ seconds, onExtend }: { seconds: number; onExtend: () => Promise<void> }) {
  const { t } = useTranslation('security');
  const [extending, setExtending] = useState(false);
  return (
    <div
      role="alert"
      className="fixed right-4 bottom-4 z-40 w-80 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm shadow-lg dark:border-amber-700 dark:bg-amber-950"
    >
      <p className="font-semibold">{t('monitor.warningTitle')}</p>
      <p className="mt-1 text-zinc-700 dark:text-zinc-300">{t('monitor.warningBody', { time: clock(seconds) })}</p>
      <button
        type="button"
        className={buttonClass('primary', 'sm', 'mt-3')}
        disabled={extending}
        onClick={async () => {
          setExtending(true);
          await onExtend();
          setExtending(false);
        }}
      >
        {t('monitor.extend')}
      </button>
    </div>
  );
}

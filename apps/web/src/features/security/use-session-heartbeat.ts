import {
  SESSION_CHECK_INTERVAL_SECONDS,
  SESSION_WARNING_REFRESH_SECONDS,
  SESSION_WARNING_THRESHOLD_SECONDS,
} from '@atelier/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { deviceFingerprint } from './device-fingerprint.ts';
import { countInput, type InputCounts } from './input-counter.ts';
import { securityApi, securityKeys } from './security-api.ts';
import { useSessionExpiry } from './use-session-expiry.ts';

/** Interaction that counts as the person being there. */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'mousemove'] as const;

export interface SessionHeartbeat {
  /** When (by this browser's clock) the session ends without activity; null before the first check. */
  deadline: number | null;
  extend: () => Promise<void>;
  /** Whether the user wants the timeout warning (the monitoring toggle). */
  warn: boolean;
}

/**
 * Checks the session with the server every 60 s (every 30 s once the warning is due),
 * reporting whether the person used the page since the last check, how many keys and mouse
 * movements (counts only) and, if they allow it, the device fingerprint. The server decides; when it says the session has ended, sign out.
 */
export function useSessionHeartbeat(): SessionHeartbeat {
  const settings = useQuery({ queryKey: securityKeys.settings, queryFn: securityApi.settings });
  const [deadline, setDeadline] = useState<number | null>(null);
  const active = useRef(false);
  const input = useRef<{ take: () => InputCounts } | null>(null);
  const expire = useSessionExpiry();
  const fingerprinting = settings.data?.enableDeviceFingerprinting;

  const apply = useCallback(
    async (call: Promise<{ remainingSeconds: number }>) => {
      try {
        const state = await call;
        setDeadline(Date.now() + state.remainingSeconds * 1000);
      } catch (error) {
        // Network trouble is not an expiry; the next check tries again.
        if (error instanceof ApiError && error.status === 401) expire();
      }
    },
    [expire],
  );

  useEffect(() => {
    const mark = () => {
      active.current = true;
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, mark, { passive: true });
    // Typing with no mouse at all is one of the server's suspicious patterns.
    const counter = countInput(window);
    input.current = counter;
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, mark);
      counter.stop();
    };
  }, []);

  const check = useCallback(() => {
    const report = {
      active: active.current,
      ...input.current?.take(),
      ...(fingerprinting ? { fingerprint: deviceFingerprint() } : {}),
    };
    active.current = false;
    return apply(securityApi.heartbeat(report));
  }, [apply, fingerprinting]);

  const warningDue = deadline !== null && deadline - Date.now() <= SESSION_WARNING_THRESHOLD_SECONDS * 1000;
  const intervalSeconds = warningDue ? SESSION_WARNING_REFRESH_SECONDS : SESSION_CHECK_INTERVAL_SECONDS;
  useEffect(() => {
    // Wait for the settings, so the first report already respects the fingerprinting toggle.
    if (fingerprinting === undefined) return;
    void check();
    const timer = window.setInterval(() => void check(), intervalSeconds * 1000);
    return () => window.clearInterval(timer);
  }, [check, fingerprinting, intervalSeconds]);

  const extend = useCallback(() => apply(securityApi.extendSession()), [apply]);
  return { deadline, extend, warn: settings.data?.securityMonitoring ?? true };
}

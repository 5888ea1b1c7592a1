import {
  type Heartbeat,
  isFailedLoginBurstStart,
  isRequestBurstStart,
  isScriptedInput,
  isUnusualHour,
  SUSPICIOUS_REQUEST_WINDOW_MINUTES,
  SUSPICIOUS_REQUESTS_PER_WINDOW,
  type SuspiciousEventType,
  UNUSUAL_HOURS_EVENT_QUIET_MINUTES,
} from '@atelier/contracts';
import type { DbOrTx } from '../../platform/db/database.ts';
import type { SecuritySeverity } from '../../platform/db/schema/index.ts';
import type { SessionUser } from '../../platform/http/app-env.ts';
import { NO_SOCKET } from '../../platform/http/client-address.ts';
import * as rateLimiter from './rate-limiter.ts';
import * as repo from './repo.ts';
import { logSecurityEvent } from './security-events.ts';
import { storedSecuritySettings } from './security-settings.ts';

/** Who is making a request, as far as the server can tell. */
export interface RequestClient {
  address: string | null;
  userAgent: string | null;
}

/** The session as the resolver has already read it (no extra query for these rules). */
export interface KnownSession {
  /** The client address Better Auth recorded at sign-in, updated by each location change. */
  ipAddress: string | null;
}

const RULE_SEVERITY: Record<SuspiciousEventType, SecuritySeverity> = {
  device_fingerprint_mismatch: 'high',
  suspicious_activity: 'medium',
  suspicious_request_burst: 'medium',
  suspicious_unusual_hours: 'low',
  suspicious_failed_logins: 'high',
  suspicious_location_change: 'medium',
  suspicious_input_pattern: 'medium',
};

// The suspicious patterns (contracts/security.ts: a burst of requests, activity late at night,
// repeated failed sign-ins, a changed location, many keystrokes without a mouse), detected by
// the server. Callers check the
// user's enableSuspiciousActivityDetection first; each pattern is logged once per occurrence
// (per window, per night, per change), not on every request, so one incident does not sink
// the security score on its own.

/** Every authenticated request: request bursts and location changes. One write, plus one on a change. */
export async function onRequest(
  db: DbOrTx,
  user: SessionUser,
  session: KnownSession,
  client: RequestClient,
): Promise<void> {
  // Counted in the database, so several API processes see the same session's requests.
  const { attempts } = await rateLimiter.hit(db, `suspicious:requests:${user.sessionId}`, {
    maxAttempts: SUSPICIOUS_REQUESTS_PER_WINDOW,
    windowMinutes: SUSPICIOUS_REQUEST_WINDOW_MINUTES,
    blockMinutes: SUSPICIOUS_REQUEST_WINDOW_MINUTES,
  });
  if (isRequestBurstStart(attempts)) {
    await record(db, 'suspicious_request_burst', user, client, {
      requests: attempts,
      windowMinutes: SUSPICIOUS_REQUEST_WINDOW_MINUTES,
    });
  }
  if (isLocation(client.address) && client.address !== session.ipAddress) await onAddress(db, user, session, client);
}

/** The page's heartbeat: activity at unusual hours and typing without any mouse. */
export async function onHeartbeat(
  db: DbOrTx,
  user: SessionUser,
  report: Heartbeat,
  client: RequestClient,
): Promise<void> {
  const timezone = report.fingerprint?.timezone;
  // Only the person's own activity counts; a background check at night is not them.
  // The server's clock is enough here: only the hour in the user's timezone matters.
  if (report.active && timezone && isUnusualHour(new Date(), timezone)) {
    const night = `suspicious:unusual-hours:${user.sessionId}`;
    if (await firstWithin(db, night, UNUSUAL_HOURS_EVENT_QUIET_MINUTES)) {
      await record(db, 'suspicious_unusual_hours', user, client, { timezone });
    }
  }
  const input = { keystrokes: report.keystrokes ?? 0, mouseMoves: report.mouseMoves ?? 0 };
  if (isScriptedInput(input)) await record(db, 'suspicious_input_pattern', user, client, input);
}

/**
 * A new client address for the session: remembered on the session itself, and the request
 * that changes it logs the change. A session without a recorded address just records one.
 */
async function onAddress(db: DbOrTx, user: SessionUser, session: KnownSession, client: RequestClient): Promise<void> {
  const changed = await repo.updateSessionAddress(db, user.sessionId, session.ipAddress, client.address);
  // Another request of the session may have recorded the same change first.
  if (changed && isLocation(session.ipAddress)) {
    await record(db, 'suspicious_location_change', user, client, { from: session.ipAddress, to: client.address });
  }
}

/** True for the first call with this key in each period. */
async function firstWithin(db: DbOrTx, key: string, minutes: number): Promise<boolean> {
  const { attempts } = await rateLimiter.hit(db, key, {
    maxAttempts: 1,
    windowMinutes: minutes,
    blockMinutes: minutes,
  });
  return attempts === 1;
}

function record(db: DbOrTx, type: SuspiciousEventType, user: SessionUser, client: RequestClient, details: object) {
  return logSecurityEvent(db, {
    eventType: type,
    userId: user.id,
    severity: RULE_SEVERITY[type],
    details: { ...details },
    sessionId: user.sessionId,
    userAgent: client.userAgent,
    ip: client.address,
  });
}

/** An address that says where the client is: not a missing one, nor "no socket" (in-process calls). */
const isLocation = (address: string | null): address is string => Boolean(address) && address !== NO_SOCKET;

/** Matches the session row only while it still holds the address we read (null included). */
/**
 * The failed-sign-in pattern (more than 3 failures in the rate-limit window), called by the
 * sign-in guard with the account's failure count; logged once, on the failure that crosses it.
 */
export async function reportFailedLogins(
  db: DbOrTx,
  userId: string,
  failures: number,
  client: RequestClient,
): Promise<void> {
  if (!isFailedLoginBurstStart(failures)) return;
  if (!(await storedSecuritySettings(db, userId)).enableSuspiciousActivityDetection) return;
  await logSecurityEvent(db, {
    eventType: 'suspicious_failed_logins',
    userId,
    severity: RULE_SEVERITY.suspicious_failed_logins,
    details: { failures },
    userAgent: client.userAgent,
    ip: client.address,
  });
}

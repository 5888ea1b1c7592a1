import { type DeviceFingerprint, fingerprintsMatch, MAX_FINGERPRINT_MISMATCHES } from '@atelier/contracts';
import type { DbOrTx } from '../../platform/db/database.ts';
import type { SessionUser } from '../../platform/http/app-env.ts';
import * as repo from './repo.ts';
import { logSecurityEvent } from './security-events.ts';
import { sessionExpired } from './session-activity.ts';
import { revokeSession } from './session-revocation.ts';

/** Which fields of a reported fingerprint differ from the known one (for the event's details). */
function differingFields(known: DeviceFingerprint, reported: DeviceFingerprint): string[] {
  return (Object.keys(known) as (keyof DeviceFingerprint)[]).filter((key) => known[key] !== reported[key]);
}

/**
 * Compares a fingerprint the page reported with the first one reported for this session
 * (user agent, platform and timezone must match; at most one of screen resolution, language and
 * colour depth may differ). A session whose cookie was taken to another device reports another
 * device; each mismatch is a security event, and more than MAX_FINGERPRINT_MISMATCHES end
 * the session (unless the user turned suspicious-activity detection off) with SESSION_EXPIRED.
 */
export async function checkDeviceFingerprint(
  db: DbOrTx,
  user: SessionUser,
  reported: DeviceFingerprint,
  options: { endSessionOnMismatches: boolean; userAgent: string | null },
): Promise<void> {
  // The first report of a session is kept; later ones are compared with it.
  const known = await repo.upsertFirstFingerprint(db, user.id, user.sessionId, reported);
  if (!known || fingerprintsMatch(known, reported)) return;

  const mismatches = (await repo.updateFingerprintMismatches(db, user.sessionId)) ?? 1;
  await logSecurityEvent(db, {
    eventType: 'device_fingerprint_mismatch',
    userId: user.id,
    severity: 'high',
    details: { mismatches, fields: differingFields(known, reported).join(', ') },
    sessionId: user.sessionId,
    userAgent: options.userAgent,
  });
  if (options.endSessionOnMismatches && mismatches > MAX_FINGERPRINT_MISMATCHES) {
    await revokeSession(db, { id: user.sessionId, userId: user.id }, 'device_mismatch');
    throw sessionExpired();
  }
}

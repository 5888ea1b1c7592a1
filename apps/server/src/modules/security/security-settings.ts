import {
  INACTIVITY_TIMEOUT_DEFAULT_MINUTES,
  MAX_CONCURRENT_SESSIONS,
  SESSION_CHECK_INTERVAL_SECONDS,
  type SecuritySettings,
  type UpdateSecuritySettings,
} from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { securitySettings } from '../../platform/db/schema/index.ts';

type StoredSettings = Pick<
  SecuritySettings,
  'inactivityTimeoutMinutes' | 'enableDeviceFingerprinting' | 'enableSuspiciousActivityDetection' | 'securityMonitoring'
>;

const DEFAULTS: StoredSettings = {
  inactivityTimeoutMinutes: INACTIVITY_TIMEOUT_DEFAULT_MINUTES,
  enableDeviceFingerprinting: true,
  enableSuspiciousActivityDetection: true,
  securityMonitoring: true,
};

const columns = {
  inactivityTimeoutMinutes: securitySettings.inactivityTimeoutMinutes,
  enableDeviceFingerprinting: securitySettings.enableDeviceFingerprinting,
  enableSuspiciousActivityDetection: securitySettings.enableSuspiciousActivityDetection,
  securityMonitoring: securitySettings.securityMonitoring,
};

const withServerLimits = (stored: StoredSettings): SecuritySettings => ({
  ...stored,
  maxConcurrentSessions: MAX_CONCURRENT_SESSIONS,
  sessionValidationIntervalSeconds: SESSION_CHECK_INTERVAL_SECONDS,
});

/** The user's settings; a user who never changed them has the defaults (and no row). */
export async function getSecuritySettings(db: DbOrTx, userId: string): Promise<SecuritySettings> {
  const [row] = await db.select(columns).from(securitySettings).where(eq(securitySettings.userId, userId));
  return withServerLimits(row ?? DEFAULTS);
}

/** Changes the given settings (already validated: the timeout is within 5–480). */
export async function updateSecuritySettings(
  db: DbOrTx,
  userId: string,
  changes: UpdateSecuritySettings,
): Promise<SecuritySettings> {
  const [row] = await db
    .insert(securitySettings)
    .values({ ...DEFAULTS, ...changes, userId })
    .onConflictDoUpdate({ target: securitySettings.userId, set: { ...changes, updatedAt: sql`now()` } })
    .returning(columns);
  return withServerLimits(row!);
}

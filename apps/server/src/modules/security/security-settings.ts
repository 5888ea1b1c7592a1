import {
  INACTIVITY_TIMEOUT_DEFAULT_MINUTES,
  MAX_CONCURRENT_SESSIONS,
  SESSION_CHECK_INTERVAL_SECONDS,
  type SecuritySettings,
  type UpdateSecuritySettings,
} from '@atelier/contracts';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { authAccounts, securitySettings } from '../../platform/db/schema/index.ts';
import { CREDENTIAL_PROVIDER_ID } from '../auth/account-claim.ts';

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

/**
 * Whether the account has a password of its own. One made with Sign in with Apple has none, nor
 * has one whose unvouched password was voided when its address was proven: it sets one through a
 * reset link, and until then cannot change a password or turn on two-factor sign-in (both ask
 * for the current one).
 */
async function hasPassword(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: authAccounts.id })
    .from(authAccounts)
    .where(
      and(
        eq(authAccounts.userId, userId),
        eq(authAccounts.providerId, CREDENTIAL_PROVIDER_ID),
        isNotNull(authAccounts.password),
      ),
    )
    .limit(1);
  return row !== undefined;
}

const withServerFacts = async (db: DbOrTx, userId: string, stored: StoredSettings): Promise<SecuritySettings> => ({
  ...stored,
  maxConcurrentSessions: MAX_CONCURRENT_SESSIONS,
  sessionValidationIntervalSeconds: SESSION_CHECK_INTERVAL_SECONDS,
  hasPassword: await hasPassword(db, userId),
});

/**
 * The user's stored choices; a user who never changed them has the defaults (and no row). What
 * the heartbeat and the activity checks read, on every report: no account facts besides.
 */
export async function storedSecuritySettings(db: DbOrTx, userId: string): Promise<StoredSettings> {
  const [row] = await db.select(columns).from(securitySettings).where(eq(securitySettings.userId, userId));
  return row ?? DEFAULTS;
}

/** The security page's settings: the stored choices, the server's limits and whether there is a password. */
export async function getSecuritySettings(db: DbOrTx, userId: string): Promise<SecuritySettings> {
  return withServerFacts(db, userId, await storedSecuritySettings(db, userId));
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
  return withServerFacts(db, userId, row!);
}

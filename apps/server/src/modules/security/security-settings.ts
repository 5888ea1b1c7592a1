import {
  INACTIVITY_TIMEOUT_DEFAULT_MINUTES,
  MAX_CONCURRENT_SESSIONS,
  SESSION_CHECK_INTERVAL_SECONDS,
  type SecuritySettings,
  type UpdateSecuritySettings,
} from '@atelier/contracts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { CREDENTIAL_PROVIDER_ID } from '../auth/account-claim.ts';
import * as repo from './repo.ts';

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

/**
 * Whether the account has a password of its own. One made with Sign in with Apple has none, nor
 * has one whose unvouched password was voided when its address was proven: it sets one through a
 * reset link, and until then cannot change a password or turn on two-factor sign-in (both ask
 * for the current one).
 */
const hasPassword = (db: DbOrTx, userId: string) => repo.findPasswordAccountOf(db, userId, CREDENTIAL_PROVIDER_ID);

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
  return (await repo.findSecuritySettings(db, userId)) ?? DEFAULTS;
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
  return withServerFacts(db, userId, await repo.upsertSecuritySettings(db, userId, DEFAULTS, changes));
}

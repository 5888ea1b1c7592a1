import type { UserRole } from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.ts';
import { authUsers, profiles } from '../../platform/db/schema/index.ts';
import { PASSWORD_METHODS, type SignInMethod } from '../auth/sign-in-method.ts';
import { type AdminActor, recordAdminAction } from './audit-log.ts';

export type RoleChange = 'granted' | 'revoked' | 'unchanged' | 'no-such-user';

/**
 * Gives or takes the admin role of the account with this e-mail (case-insensitive), audited.
 * The command line (`npm run admin`) and ADMIN_EMAILS at sign-in both come through here.
 */
export async function setAdminRole(
  db: Database,
  email: string,
  role: UserRole,
  actor: Exclude<AdminActor, { via: 'console' }>,
  reason: string,
): Promise<RoleChange> {
  return db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ userId: profiles.userId, email: profiles.email, role: profiles.role })
      .from(profiles)
      .where(eq(sql`lower(${profiles.email})`, email.trim().toLowerCase()))
      .for('update');
    if (!profile) return 'no-such-user';
    if (profile.role === role) return 'unchanged';
    await tx.update(profiles).set({ role, updatedAt: new Date() }).where(eq(profiles.userId, profile.userId));
    await recordAdminAction(tx, {
      actor,
      action: role === 'admin' ? 'role.grant' : 'role.revoke',
      target: { userId: profile.userId, email: profile.email },
      reason,
      before: { role: profile.role },
      after: { role },
    });
    return role === 'admin' ? 'granted' : 'revoked';
  });
}

/** What the admin rules need to know of a session. */
export interface SessionFacts {
  userId: string;
  createdAt: Date;
  signInMethod?: string | null;
}

/**
 * ADMIN_EMAILS at sign-in: an account named there becomes an admin when a session is made with
 * its password after the account was claimed — its address proven by whoever holds that password
 * (modules/auth/account-claim.ts). Anyone can sign up with an admin's address first; verifying it
 * then ends their sessions and voids their password, so they never get here.
 */
export async function promoteListedAdmin(db: Database, adminEmails: readonly string[], session: SessionFacts) {
  if (adminEmails.length === 0 || !PASSWORD_METHODS.includes(session.signInMethod as SignInMethod)) return;
  const [user] = await db
    .select({ email: authUsers.email, verified: authUsers.emailVerified, claimedAt: profiles.claimedAt })
    .from(authUsers)
    .innerJoin(profiles, eq(profiles.userId, authUsers.id))
    .where(eq(authUsers.id, session.userId));
  if (!user?.verified || !user.claimedAt || session.createdAt < user.claimedAt) return;
  if (!adminEmails.includes(user.email.toLowerCase())) return;
  await setAdminRole(db, user.email, 'admin', { via: 'admin_emails' }, 'listed in ADMIN_EMAILS');
}

import type { UserRole } from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.ts';
import { authUsers, profiles } from '../../platform/db/schema/index.ts';
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

/**
 * ADMIN_EMAILS at sign-in: an account named there becomes an admin — only once its address
 * is verified, or anyone could sign up with an admin's address first and be made admin.
 */
export async function promoteListedAdmin(db: Database, adminEmails: readonly string[], userId: string) {
  if (adminEmails.length === 0) return;
  const [user] = await db
    .select({ email: authUsers.email, verified: authUsers.emailVerified })
    .from(authUsers)
    .where(eq(authUsers.id, userId));
  if (!user?.verified || !adminEmails.includes(user.email.toLowerCase())) return;
  await setAdminRole(db, user.email, 'admin', { via: 'admin_emails' }, 'listed in ADMIN_EMAILS');
}

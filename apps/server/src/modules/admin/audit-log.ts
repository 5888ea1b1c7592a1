import type { AdminAction, AdminActionSource } from '@atelier/contracts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { adminAuditLog } from '../../platform/db/schema/index.ts';
import { logSecurityEvent } from '../security/security-events.ts';

/** Who did it: an admin in the console, or the operator (command line, ADMIN_EMAILS). */
export type AdminActor =
  | { via: 'console'; id: string; email: string; sessionId?: string }
  | { via: Exclude<AdminActionSource, 'console'> };

export interface AdminActionRecord {
  actor: AdminActor;
  action: AdminAction;
  target: { userId: string; email: string };
  runId?: string;
  reason: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * Appends one entry to the audit log and tells the affected user among their security
 * events, in the caller's transaction: the action, its entry and the event commit together.
 * The event names what was done and why, not which admin did it. Returns the entry's id.
 */
export async function recordAdminAction(tx: DbOrTx, record: AdminActionRecord): Promise<string> {
  const { actor } = record;
  const [entry] = await tx
    .insert(adminAuditLog)
    .values({
      via: actor.via,
      actorId: actor.via === 'console' ? actor.id : null,
      actorEmail: actor.via === 'console' ? actor.email : null,
      action: record.action,
      targetUserId: record.target.userId,
      targetEmail: record.target.email,
      runId: record.runId ?? null,
      reason: record.reason,
      before: record.before,
      after: record.after,
    })
    .returning({ id: adminAuditLog.id });
  await logSecurityEvent(tx, {
    eventType: 'admin_action',
    userId: record.target.userId,
    severity: record.action === 'account.disable' || record.action === 'role.grant' ? 'high' : 'medium',
    details: {
      action: record.action,
      reason: record.reason,
      ...(record.runId ? { runId: record.runId } : {}),
      ...('credits' in record.after ? { credits: record.after.credits } : {}),
    },
  });
  return entry!.id;
}

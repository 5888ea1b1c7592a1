import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.ts';
import { profiles } from '../../platform/db/schema/index.ts';
import { type RoleChange, setAdminRole } from './roles.ts';

export const ADMIN_COMMAND_USAGE = `Usage:
  npm run admin -- grant <email> [--reason "why"]    make the account an admin
  npm run admin -- revoke <email> [--reason "why"]   take the admin role away
  npm run admin -- list                              show the admins
Works on DATABASE_URL, or on the embedded database in DATA_DIR (stop the server first).`;

const OUTCOMES: Record<RoleChange, string> = {
  granted: 'is now an admin',
  revoked: 'is no longer an admin',
  unchanged: 'already had that role; nothing changed',
  'no-such-user': 'has no account: the person must sign up first',
};

/**
 * `npm run admin -- …` on an open database: prints what happened and answers the exit code.
 * Every change is audited as done from the command line.
 */
export async function runAdminCommand(
  db: Database,
  args: readonly string[],
  options: { adminEmails: readonly string[]; print: (line: string) => void },
): Promise<number> {
  const [command, email, ...rest] = args;
  const reasonAt = rest.indexOf('--reason');
  const reason = (reasonAt >= 0 ? rest[reasonAt + 1] : undefined)?.trim() || 'command line';
  if (command === 'list') {
    const admins = await db
      .select({ email: profiles.email, disabledAt: profiles.disabledAt })
      .from(profiles)
      .where(eq(profiles.role, 'admin'))
      .orderBy(profiles.email);
    for (const admin of admins) options.print(`${admin.email}${admin.disabledAt ? ' (disabled)' : ''}`);
    if (admins.length === 0) options.print('No admins yet.');
    return 0;
  }
  if ((command !== 'grant' && command !== 'revoke') || !email) {
    options.print(ADMIN_COMMAND_USAGE);
    return 2;
  }
  const outcome = await setAdminRole(db, email, command === 'grant' ? 'admin' : 'user', { via: 'cli' }, reason);
  options.print(`${email} ${OUTCOMES[outcome]}`);
  if (outcome === 'granted' && !(await isClaimed(db, email))) {
    options.print(
      'Note: the address is not verified yet, so the console opens only once its owner has verified it ' +
        '(until then the account may be someone else who signed up with it).',
    );
  }
  if (outcome === 'revoked' && options.adminEmails.includes(email.trim().toLowerCase())) {
    options.print('Note: ADMIN_EMAILS still lists this address, so the next sign-in makes it an admin again.');
  }
  return outcome === 'no-such-user' ? 1 : 0;
}

async function isClaimed(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ claimedAt: profiles.claimedAt })
    .from(profiles)
    .where(eq(sql`lower(${profiles.email})`, email.trim().toLowerCase()));
  return Boolean(row?.claimedAt);
}

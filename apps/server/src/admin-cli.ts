// `npm run admin -- grant|revoke <email>` / `list`: the admin role from the command line, on
// DATABASE_URL or on the embedded database of DATA_DIR (which the server must not hold open).
import path from 'node:path';
import { ADMIN_COMMAND_USAGE, runAdminCommand } from './modules/admin/admin-command.ts';
import { openDatabase } from './platform/db/open-database.ts';
import { loadConfigOrExit } from './platform/process/process-lifecycle.ts';

async function main() {
  const args = process.argv.slice(2).filter((arg) => arg !== '--admin');
  if (args.length === 0) {
    console.log(ADMIN_COMMAND_USAGE);
    process.exit(2);
  }
  const config = loadConfigOrExit();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  try {
    process.exitCode = await runAdminCommand(database.db, args, {
      adminEmails: config.adminEmails,
      print: (line) => console.log(line),
    });
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

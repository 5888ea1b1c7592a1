import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/modules/admin/admin-command.ts';
import { openDatabase } from '../../src/platform/db/open-database.ts';
import { adminAuditLog, profiles } from '../../src/platform/db/schema/index.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { as, signUpTestUser, verifyTestUser } from '../support/users.ts';

const serverDir = path.resolve(import.meta.dirname, '../..');

describeOnEachDatabase('npm run admin', (kind) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime(kind);
  });
  afterAll(() => rt?.close());

  const run = async (args: string[], adminEmails: string[] = []) => {
    const lines: string[] = [];
    const code = await runAdminCommand(rt.database.db, args, { adminEmails, print: (line) => lines.push(line) });
    return { code, output: lines.join('\n') };
  };

  it('grants and revokes the role by e-mail, audited as the command line; the session follows at once', async () => {
    const user = await verifyTestUser(rt, await signUpTestUser(rt, { email: 'Grace@Example.com' }));
    expect((await rt.request('/api/admin/me', as(user))).status).toBe(404);
    expect(await run(['grant', 'GRACE@example.com', '--reason', 'new on-call'])).toEqual({
      code: 0,
      output: 'GRACE@example.com is now an admin',
    });
    expect((await rt.request('/api/admin/me', as(user))).status).toBe(200);
    expect((await run(['grant', 'grace@example.com'])).output).toMatch(/nothing changed/);
    expect((await run(['list'])).output).toContain('grace@example.com');

    const revoked = await run(['revoke', 'grace@example.com'], ['grace@example.com']);
    expect(revoked.code).toBe(0);
    expect(revoked.output).toMatch(/no longer an admin[\s\S]*ADMIN_EMAILS still lists/);
    expect((await rt.request('/api/admin/me', as(user))).status).toBe(404);
    const entries = await rt.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetUserId, user.userId))
      .orderBy(adminAuditLog.createdAt);
    expect(entries).toMatchObject([
      { via: 'cli', action: 'role.grant', reason: 'new on-call', actorId: null, before: { role: 'user' } },
      { via: 'cli', action: 'role.revoke', reason: 'command line', after: { role: 'user' } },
    ]);
  });

  it('warns that an unverified account opens the console only once its owner verifies it', async () => {
    const user = await signUpTestUser(rt, { email: 'linus@example.com' });
    expect((await run(['grant', 'linus@example.com'])).output).toMatch(/not verified yet/);
    // Whoever signed up with the address is not its owner yet: no console for this session.
    expect((await rt.request('/api/admin/me', as(user))).status).toBe(404);
    const verified = await verifyTestUser(rt, user);
    expect((await rt.request('/api/admin/me', as(verified))).status).toBe(200);
  });

  it('says when there is no such account, and shows its usage', async () => {
    expect(await run(['grant', 'nobody@example.com'])).toMatchObject({ code: 1, output: /must sign up first/ });
    expect((await run(['promote', 'x@example.com'])).code).toBe(2);
    expect((await run(['grant'])).output).toMatch(/Usage/);
  });
});

describe('the admin command process', () => {
  it('works on the embedded database of DATA_DIR', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-admin-cli-'));
    try {
      const seed = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
      await seed.db.insert(profiles).values({ userId: 'u1', email: 'ops@example.com', referralCode: 'ABCDEFGH' });
      await seed.close();
      const cli = spawnSync(process.execPath, ['--import', 'tsx', 'src/admin-cli.ts', 'grant', 'ops@example.com'], {
        cwd: serverDir,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      });
      expect(cli.stdout).toContain('ops@example.com is now an admin');
      expect(cli.status).toBe(0);
      const check = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
      const [row] = await check.db.select({ role: profiles.role }).from(profiles);
      await check.close();
      expect(row?.role).toBe('admin');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

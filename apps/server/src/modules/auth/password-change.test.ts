import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';
import { as, signIn, signUpTestUser, type TestUser } from '../../../test/users.ts';
import { securityEvents } from '../../platform/db/schema/index.ts';

describe.each(DATABASE_KINDS)('password change on %s', (kind) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime(kind);
  });
  afterAll(() => rt?.close());

  const changePassword = (user: TestUser, currentPassword: string, newPassword: string) =>
    rt.request(
      '/api/auth/change-password',
      as(user, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ currentPassword, newPassword }),
      }),
    );
  const passwordChanges = (user: TestUser) =>
    rt.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, user.userId), eq(securityEvents.eventType, 'password_changed')));

  it('records password_changed for the user who changed it, and only a real change', async () => {
    const user = await signUpTestUser(rt);
    const bystander = await signUpTestUser(rt);
    const wrong = await changePassword(user, 'not the password', 'brand new secret');
    expect(await wrong.json()).toMatchObject({ error: { code: 'INVALID_CREDENTIALS' } });
    expect(await passwordChanges(user)).toHaveLength(0);

    expect((await changePassword(user, user.password, 'brand new secret')).status).toBe(200);
    expect((await signIn(rt, { email: user.email }, 'brand new secret')).status).toBe(200);
    const [event] = await passwordChanges(user);
    expect(event).toMatchObject({ severity: 'medium' });
    expect(await passwordChanges(user)).toHaveLength(1);
    expect(await passwordChanges(bystander)).toHaveLength(0);
  });
});

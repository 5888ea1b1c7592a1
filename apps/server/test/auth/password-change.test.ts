import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { authSessions, securityEvents } from '../../src/platform/db/schema/index.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { as, cookieOf, signIn, signUpTestUser, type TestUser } from '../support/users.ts';

describeOnEachDatabase('password change', (kind) => {
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

  const sessionAnswers = (user: TestUser) => rt.request('/api/auth/get-session', as(user)).then((r) => r.json());

  it('keeps the session that changed it and ends every other one', async () => {
    const user = await signUpTestUser(rt);
    const elsewhere = { ...user, cookie: cookieOf(await signIn(rt, { email: user.email }, user.password)) };
    const bystander = await signUpTestUser(rt);
    expect(await sessionAnswers(elsewhere)).toMatchObject({ user: { id: user.userId } });

    const changed = await changePassword(user, user.password, 'a fresh passphrase');
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ token: null, user: { id: user.userId } });

    expect(await sessionAnswers(user)).toMatchObject({ user: { id: user.userId } });
    expect(await sessionAnswers(elsewhere)).toBeNull();
    const left = await rt.database.db.select().from(authSessions).where(eq(authSessions.userId, user.userId));
    expect(left).toHaveLength(1);
    expect(await sessionAnswers(bystander)).toMatchObject({ user: { id: bystander.userId } });
    const revoked = await rt.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, user.userId), eq(securityEvents.eventType, 'session_revoked')));
    expect(revoked.map((event) => event.details)).toEqual([expect.objectContaining({ reason: 'password_changed' })]);
    expect((await signIn(rt, { email: user.email }, user.password)).status).toBe(401);
  });

  it('refuses a new password shorter than the rule, and leaves every session alone', async () => {
    const user = await signUpTestUser(rt);
    const elsewhere = { ...user, cookie: cookieOf(await signIn(rt, { email: user.email }, user.password)) };
    const weak = await changePassword(user, user.password, 'short');
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({
      error: { code: expect.stringMatching(/VALIDATION_ERROR|WEAK_PASSWORD/) },
    });
    expect(await sessionAnswers(elsewhere)).toMatchObject({ user: { id: user.userId } });
    const wrong = await changePassword(user, 'not the password', 'a fresh passphrase');
    expect(wrong.status).toBe(401);
    expect(await sessionAnswers(elsewhere)).toMatchObject({ user: { id: user.userId } });
  });
});

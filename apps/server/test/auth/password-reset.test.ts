import { PASSWORD_RESET_REQUESTS_PER_HOUR } from '@atelier/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { as, cookieOf, postJson, signIn, signUpTestUser } from '../support/users.ts';

interface Mailbox {
  messages: { to: string; subject: string; links: string[] }[];
}

describeOnEachDatabase('password reset', (kind) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime(kind);
  });
  afterAll(() => rt?.close());

  const requestReset = (email: string) =>
    rt.request('/api/auth/request-password-reset', postJson({ email, redirectTo: '/reset-password' }));
  const mailsTo = async (email: string) =>
    ((await (await rt.request('/dev/mailbox.json')).json()) as Mailbox).messages.filter((m) => m.to === email);

  it('answers the same whether or not the address exists', async () => {
    const user = await signUpTestUser(rt);
    const known = await requestReset(user.email);
    const unknown = await requestReset('nobody@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    expect(await mailsTo('nobody@example.com')).toEqual([]);
  });

  it('mails a single-use link whose token sets a new password and ends the other sessions', async () => {
    const user = await signUpTestUser(rt);
    const otherDevice = await signIn(rt, { email: user.email }, user.password);
    expect((await requestReset(user.email)).status).toBe(200);

    const [mail] = (await mailsTo(user.email)).filter((m) => m.subject.includes('Reset'));
    const link = new URL(mail!.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${rt.config.publicUrl}/reset-password`);
    const token = link.searchParams.get('token')!;

    const reset = await rt.request('/api/auth/reset-password', postJson({ token, newPassword: 'brand new secret' }));
    expect(reset.status).toBe(200);

    expect((await signIn(rt, { email: user.email }, user.password)).status).toBe(401);
    expect((await signIn(rt, { email: user.email }, 'brand new secret')).status).toBe(200);
    expect((await rt.request('/api/me', as(user))).status).toBe(401);
    expect((await rt.request('/api/me', { headers: { cookie: cookieOf(otherDevice) } })).status).toBe(401);

    const again = await rt.request('/api/auth/reset-password', postJson({ token, newPassword: 'another secret' }));
    expect(again.status).toBe(400);
  });

  it('refuses a new password shorter than 8 characters', async () => {
    const user = await signUpTestUser(rt);
    await requestReset(user.email);
    const [mail] = await mailsTo(user.email).then((m) => m.filter((x) => x.subject.includes('Reset')));
    const token = new URL(mail!.links[0]!).searchParams.get('token')!;
    const res = await rt.request('/api/auth/reset-password', postJson({ token, newPassword: 'short' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR', issues: [{ field: 'newPassword', problem: 'too_short', limit: 8 }] },
    });
  });

  it(`mails one address at most ${PASSWORD_RESET_REQUESTS_PER_HOUR} links an hour, then drops requests with the same answer`, async () => {
    const user = await signUpTestUser(rt);
    const answers: unknown[] = [];
    for (let i = 1; i <= PASSWORD_RESET_REQUESTS_PER_HOUR; i++) {
      const res = await requestReset(user.email);
      expect(res.status, `request ${i}`).toBe(200);
      answers.push(await res.json());
    }
    const dropped = await requestReset(user.email);
    expect(dropped.status).toBe(200);
    expect(await dropped.json()).toEqual(answers[0]);
    expect((await mailsTo(user.email)).filter((m) => m.subject.includes('Reset'))).toHaveLength(
      PASSWORD_RESET_REQUESTS_PER_HOUR,
    );
  });
});

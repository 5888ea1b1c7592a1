import {
  INACTIVITY_TIMEOUT_MAX_MINUTES,
  INACTIVITY_TIMEOUT_MIN_MINUTES,
  SECURITY_SCORE_WEIGHTS,
  type SecurityEventDto,
  type SecurityMetrics,
  type SessionInfo,
} from '@atelier/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { as, cookieOf, signIn, signUpTestUser, type TestUser } from '../support/users.ts';

const JSON_TYPE = { 'content-type': 'application/json' };

describeOnEachDatabase('/api/security', (kind) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime(kind);
  });
  afterAll(() => rt?.close());

  const patchSettings = (user: TestUser, body: object) =>
    rt.request('/api/security/settings', as(user, { method: 'PATCH', headers: JSON_TYPE, body: JSON.stringify(body) }));
  const json = async <T>(user: TestUser, path: string) => (await (await rt.request(path, as(user))).json()) as T;

  it('refuses timeouts outside 5-480 minutes and keeps one inside', async () => {
    const user = await signUpTestUser(rt);
    const defaults = await json<{ inactivityTimeoutMinutes: number }>(user, '/api/security/settings');
    expect(defaults).toMatchObject({ inactivityTimeoutMinutes: 30, enableDeviceFingerprinting: true });
    for (const minutes of [INACTIVITY_TIMEOUT_MIN_MINUTES - 1, INACTIVITY_TIMEOUT_MAX_MINUTES + 1, 4.5]) {
      expect((await patchSettings(user, { inactivityTimeoutMinutes: minutes })).status, `${minutes}`).toBe(400);
    }
    const ok = await patchSettings(user, { inactivityTimeoutMinutes: 45, securityMonitoring: false });
    expect(ok.status).toBe(200);
    expect(await json(user, '/api/security/settings')).toMatchObject({
      inactivityTimeoutMinutes: 45,
      securityMonitoring: false,
      enableDeviceFingerprinting: true,
    });
  });

  it("shows a failed sign-in in the user's own events and metrics, and in no one else's", async () => {
    const victim = await signUpTestUser(rt);
    const bystander = await signUpTestUser(rt);
    expect((await signIn(rt, { email: victim.email }, 'wrong password')).status).toBe(401);

    const { events } = await json<{ events: SecurityEventDto[] }>(victim, '/api/security/events');
    expect(events.map((e) => e.eventType)).toContain('failed_login');
    const others = await json<{ events: SecurityEventDto[] }>(bystander, '/api/security/events');
    expect(others.events.map((e) => e.eventType)).not.toContain('failed_login');

    const metrics = await json<SecurityMetrics>(victim, '/api/security/metrics');
    expect(metrics).toMatchObject({ failedLogins: 1, suspiciousActivities: 0, rateLimitViolations: 0 });
    expect(metrics.score).toBe(100 - SECURITY_SCORE_WEIGHTS.failedLogins);
    expect(metrics.lastSecurityEvent).not.toBeNull();
  });

  it('lists events newest first and honours the limit (at most 100)', async () => {
    const user = await signUpTestUser(rt);
    for (let i = 0; i < 3; i++) await signIn(rt, { email: user.email }, `wrong ${i}`);
    const { events } = await json<{ events: SecurityEventDto[] }>(user, '/api/security/events?limit=2');
    expect(events).toHaveLength(2);
    expect(events[0]!.createdAt >= events[1]!.createdAt).toBe(true);
    expect((await rt.request('/api/security/events?limit=101', as(user))).status).toBe(400);
    expect((await rt.request('/api/security/events')).status).toBe(401);
  });

  it('lists the sessions and revokes one of your own, never anyone else’s', async () => {
    const user = await signUpTestUser(rt);
    const other = { ...user, cookie: cookieOf(await signIn(rt, { email: user.email }, user.password)) };
    const { sessions } = await json<{ sessions: SessionInfo[] }>(user, '/api/security/sessions');
    expect(sessions).toHaveLength(2);
    const otherSession = sessions.find((s) => !s.current)!;
    expect(sessions.filter((s) => s.current)).toHaveLength(1);

    const stranger = await signUpTestUser(rt);
    const path = `/api/security/sessions/${otherSession.id}`;
    expect((await rt.request(path, as(stranger, { method: 'DELETE' }))).status).toBe(404);
    expect((await rt.request('/api/security/settings', as(other))).status).toBe(200);

    expect((await rt.request(path, as(user, { method: 'DELETE' }))).status).toBe(204);
    expect((await rt.request('/api/security/settings', as(other))).status).toBe(401);
    expect((await rt.request('/api/security/settings', as(user))).status).toBe(200);
  });
});

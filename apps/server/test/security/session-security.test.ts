import {
  type DeviceFingerprint,
  INACTIVITY_TIMEOUT_DEFAULT_MINUTES,
  MAX_CONCURRENT_SESSIONS,
  MAX_FINGERPRINT_MISMATCHES,
} from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { authSessions, securityEvents, sessionActivity } from '../../src/platform/db/schema/index.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { as, cookieOf, signIn, signUpTestUser, type TestUser } from '../support/users.ts';

const fingerprint: DeviceFingerprint = {
  userAgent: 'Mozilla/5.0 Test',
  screenResolution: '1920x1080',
  colorDepth: 24,
  timezone: 'Europe/Paris',
  language: 'en',
  platform: 'MacIntel',
  hardwareConcurrency: 8,
};

const JSON_TYPE = { 'content-type': 'application/json' };

describeOnEachDatabase('session security', (kind) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime(kind);
  });
  afterAll(() => rt?.close());

  const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;
  const getSettings = (user: TestUser) => rt.request('/api/security/settings', as(user));
  const heartbeat = (user: TestUser, body: object) =>
    rt.request('/api/security/heartbeat', as(user, { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(body) }));
  /** Moves the session's last activity back, instead of waiting. */
  const idleFor = async (user: TestUser, minutes: number) => {
    const [session] = await rt.database.db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(eq(authSessions.userId, user.userId));
    const past = sql`now() - make_interval(mins => ${minutes})`;
    await rt.database.db
      .insert(sessionActivity)
      .values({ sessionId: session!.id, userId: user.userId, lastActiveAt: past })
      .onConflictDoUpdate({ target: sessionActivity.sessionId, set: { lastActiveAt: past } });
  };

  it('rejects a session idle past the timeout with SESSION_EXPIRED and ends it', async () => {
    const user = await signUpTestUser(rt);
    await idleFor(user, INACTIVITY_TIMEOUT_DEFAULT_MINUTES - 1);
    expect((await getSettings(user)).status).toBe(200);

    await idleFor(user, INACTIVITY_TIMEOUT_DEFAULT_MINUTES + 1);
    const res = await getSettings(user);
    expect(res.status).toBe(401);
    expect(await errorCode(res)).toBe('SESSION_EXPIRED');
    // Ended for good: the session is gone, not merely refused once.
    expect((await getSettings(user)).status).toBe(401);
    const sessions = await rt.database.db.select().from(authSessions).where(eq(authSessions.userId, user.userId));
    expect(sessions).toHaveLength(0);
  });

  it("uses the user's own timeout", async () => {
    const user = await signUpTestUser(rt);
    const patch = { method: 'PATCH', headers: JSON_TYPE, body: JSON.stringify({ inactivityTimeoutMinutes: 45 }) };
    expect((await rt.request('/api/security/settings', as(user, patch))).status).toBe(200);
    await idleFor(user, 40);
    expect((await getSettings(user)).status).toBe(200);
    await idleFor(user, 46);
    expect((await getSettings(user)).status).toBe(401);
  });

  it('counts requests as activity but not background heartbeats; Extend Session restarts the clock', async () => {
    const user = await signUpTestUser(rt);
    await idleFor(user, 20);
    const quiet = (await (await heartbeat(user, { active: false })).json()) as { remainingSeconds: number };
    expect(quiet.remainingSeconds).toBeLessThanOrEqual((INACTIVITY_TIMEOUT_DEFAULT_MINUTES - 20) * 60);

    const extended = await rt.request('/api/security/session/extend', as(user, { method: 'POST' }));
    expect(((await extended.json()) as { remainingSeconds: number }).remainingSeconds).toBeGreaterThan(
      (INACTIVITY_TIMEOUT_DEFAULT_MINUTES - 1) * 60,
    );

    await idleFor(user, 20);
    await getSettings(user);
    const after = (await (await heartbeat(user, { active: false })).json()) as { remainingSeconds: number };
    expect(after.remainingSeconds).toBeGreaterThan((INACTIVITY_TIMEOUT_DEFAULT_MINUTES - 1) * 60);
  });

  it(`ends the oldest session when a sign-in makes ${MAX_CONCURRENT_SESSIONS + 1}`, async () => {
    const user = await signUpTestUser(rt);
    const cookies = [user.cookie];
    for (let i = 1; i <= MAX_CONCURRENT_SESSIONS; i++) {
      const res = await signIn(rt, { email: user.email }, user.password);
      expect(res.status).toBe(200);
      cookies.push(cookieOf(res));
    }
    const withCookie = (cookie: string) => ({ ...user, cookie });
    expect((await getSettings(withCookie(cookies[0]!))).status).toBe(401);
    for (const cookie of cookies.slice(1)) expect((await getSettings(withCookie(cookie))).status).toBe(200);

    const events = await rt.database.db.select().from(securityEvents).where(eq(securityEvents.userId, user.userId));
    expect(events.find((e) => e.eventType === 'session_revoked')?.details).toMatchObject({ reason: 'session_limit' });
  });

  it(`logs each fingerprint mismatch and ends the session after ${MAX_FINGERPRINT_MISMATCHES}`, async () => {
    const user = await signUpTestUser(rt);
    expect((await heartbeat(user, { active: true, fingerprint })).status).toBe(200);
    // One soft difference (a new monitor) is still the same device.
    const newMonitor = { ...fingerprint, screenResolution: '2560x1440' };
    expect((await heartbeat(user, { active: true, fingerprint: newMonitor })).status).toBe(200);

    const otherDevice = { ...fingerprint, timezone: 'Asia/Tokyo' };
    for (let i = 1; i <= MAX_FINGERPRINT_MISMATCHES; i++) {
      const res = await heartbeat(user, { active: true, fingerprint: otherDevice });
      expect(res.status, `mismatch ${i}`).toBe(200);
      expect(((await res.json()) as { suspiciousActivityCount: number }).suspiciousActivityCount).toBe(i);
    }
    const twoSoft = { ...fingerprint, language: 'fr', colorDepth: 30 };
    const last = await heartbeat(user, { active: true, fingerprint: twoSoft });
    expect(last.status).toBe(401);
    expect(await errorCode(last)).toBe('SESSION_EXPIRED');
    expect((await getSettings(user)).status).toBe(401);

    const events = await rt.database.db.select().from(securityEvents).where(eq(securityEvents.userId, user.userId));
    const mismatches = events.filter((e) => e.eventType === 'device_fingerprint_mismatch');
    expect(mismatches).toHaveLength(MAX_FINGERPRINT_MISMATCHES + 1);
    expect(mismatches.some((e) => e.details.fields === 'timezone')).toBe(true);
  });
});

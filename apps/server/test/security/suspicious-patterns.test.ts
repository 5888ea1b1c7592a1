import {
  type DeviceFingerprint,
  type SecurityMetrics,
  SUSPICIOUS_EVENT_TYPES,
  SUSPICIOUS_FAILED_LOGINS,
  SUSPICIOUS_KEYSTROKES_WITHOUT_MOUSE,
  SUSPICIOUS_REQUESTS_PER_WINDOW,
  type SuspiciousEventType,
} from '@atelier/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { securityEvents } from '../../src/platform/db/schema/index.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { as, signIn, signUpTestUser, type TestUser } from '../support/users.ts';

const JSON_TYPE = { 'content-type': 'application/json' };

/** An IANA zone (Etc/GMT±N, whose sign is inverted) where it is now about `hour` o'clock. */
function zoneAtHour(hour: number): string {
  let offset = (((hour - new Date().getUTCHours()) % 24) + 24) % 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

const fingerprintIn = (timezone: string): DeviceFingerprint => ({
  userAgent: 'Mozilla/5.0 Test',
  screenResolution: '1920x1080',
  colorDepth: 24,
  timezone,
  language: 'en',
  platform: 'MacIntel',
  hardwareConcurrency: 8,
});

const HOME = '198.51.100.1';
let addressCounter = 0;
/** Each test its own client address, so the per-address sign-in lockout never interferes. */
const newAddress = () => `192.0.2.${++addressCounter}`;

describeOnEachDatabase('suspicious patterns', (kind) => {
  let rt: TestRuntime;
  // Behind a proxy, so tests can choose the client address with X-Forwarded-For.
  beforeAll(async () => {
    rt = await createTestRuntime(kind, { TRUST_PROXY: 'true' });
  });
  afterAll(() => rt?.close());

  const from = (address: string, init: RequestInit = {}) => ({
    ...init,
    headers: { ...(init.headers as Record<string, string>), 'x-forwarded-for': address },
  });
  /** Users sign up from HOME, and their requests come from there unless a test moves them. */
  const newUser = () => signUpTestUser(rt, { headers: { 'x-forwarded-for': HOME } });
  const getSettings = (user: TestUser, address = HOME) => rt.request('/api/security/settings', as(user, from(address)));
  const heartbeat = (user: TestUser, body: object) =>
    rt.request('/api/security/heartbeat', as(user, { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(body) }));
  const eventsOf = async (user: TestUser, type: SuspiciousEventType) =>
    rt.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, user.userId), eq(securityEvents.eventType, type)));
  const suspiciousCount = async (user: TestUser) => {
    const res = await rt.request('/api/security/metrics', as(user));
    return ((await res.json()) as SecurityMetrics).suspiciousActivities;
  };
  /** A user who turned detection off. */
  const undetectedUser = async () => {
    const user = await newUser();
    const body = JSON.stringify({ enableSuspiciousActivityDetection: false });
    expect(
      (await rt.request('/api/security/settings', as(user, { method: 'PATCH', headers: JSON_TYPE, body }))).status,
    ).toBe(200);
    return user;
  };
  /** The pattern showed for `user` once, in the metrics too, and for no one else. */
  const expectOnlyFor = async (user: TestUser, others: TestUser[], type: SuspiciousEventType) => {
    expect(await eventsOf(user, type)).toHaveLength(1);
    expect(await suspiciousCount(user)).toBe(1);
    for (const other of others) expect(await suspiciousCount(other)).toBe(0);
  };

  it(`logs more than ${SUSPICIOUS_REQUESTS_PER_WINDOW} requests a minute from one session once`, async () => {
    const [user, bystander, undetected] = [await newUser(), await newUser(), await undetectedUser()];
    for (let i = 0; i < SUSPICIOUS_REQUESTS_PER_WINDOW; i++) await getSettings(user);
    expect(await eventsOf(user, 'suspicious_request_burst')).toHaveLength(0);
    for (let i = 0; i < 3; i++) expect((await getSettings(user)).status).toBe(200);
    for (let i = 0; i <= SUSPICIOUS_REQUESTS_PER_WINDOW; i++) await getSettings(undetected);
    await expectOnlyFor(user, [bystander, undetected], 'suspicious_request_burst');
  });

  it('logs activity at night in the reported timezone once per session', async () => {
    const [user, daytime, undetected] = [await newUser(), await newUser(), await undetectedUser()];
    const background = await newUser();
    const night = { active: true, fingerprint: fingerprintIn(zoneAtHour(3)) };
    for (let i = 0; i < 2; i++) expect((await heartbeat(user, night)).status).toBe(200);
    await heartbeat(undetected, night);
    // A background check at night is not the person's activity.
    await heartbeat(background, { ...night, active: false });
    await heartbeat(daytime, { active: true, fingerprint: fingerprintIn(zoneAtHour(12)) });
    await expectOnlyFor(user, [daytime, background, undetected], 'suspicious_unusual_hours');
    expect((await eventsOf(user, 'suspicious_unusual_hours'))[0]!.details).toMatchObject({ timezone: zoneAtHour(3) });
  });

  it(`logs more than ${SUSPICIOUS_FAILED_LOGINS} failed sign-ins once`, async () => {
    const [user, bystander, undetected] = [await newUser(), await newUser(), await undetectedUser()];
    const failTimes = async (target: TestUser, times: number) => {
      const address = newAddress();
      for (let i = 0; i < times; i++) {
        expect((await signIn(rt, { email: target.email }, 'wrong', { 'x-forwarded-for': address })).status).toBe(401);
      }
    };
    await failTimes(user, SUSPICIOUS_FAILED_LOGINS);
    expect(await eventsOf(user, 'suspicious_failed_logins')).toHaveLength(0);
    await failTimes(user, 1);
    await failTimes(undetected, SUSPICIOUS_FAILED_LOGINS + 1);
    await failTimes(bystander, SUSPICIOUS_FAILED_LOGINS);
    await expectOnlyFor(user, [bystander, undetected], 'suspicious_failed_logins');
  });

  it("logs a change of the session's client address once per change", async () => {
    const [user, bystander, undetected] = [await newUser(), await newUser(), await undetectedUser()];
    for (let i = 0; i < 2; i++) await getSettings(user);
    // A request without any address (in-process, no socket) is no location either.
    await rt.request('/api/security/settings', as(user));
    expect(await eventsOf(user, 'suspicious_location_change')).toHaveLength(0);
    for (let i = 0; i < 2; i++) await getSettings(user, '203.0.113.99');
    await getSettings(undetected, '203.0.113.99');
    await expectOnlyFor(user, [bystander, undetected], 'suspicious_location_change');
    const [change] = await eventsOf(user, 'suspicious_location_change');
    expect(change?.details).toMatchObject({ from: HOME, to: '203.0.113.99' });
  });

  it(`logs over ${SUSPICIOUS_KEYSTROKES_WITHOUT_MOUSE} keystrokes without mouse movement`, async () => {
    const [user, bystander, undetected] = [await newUser(), await newUser(), await undetectedUser()];
    const typing = { active: true, keystrokes: SUSPICIOUS_KEYSTROKES_WITHOUT_MOUSE + 1, mouseMoves: 0 };
    expect((await heartbeat(user, typing)).status).toBe(200);
    await heartbeat(user, { ...typing, keystrokes: SUSPICIOUS_KEYSTROKES_WITHOUT_MOUSE });
    await heartbeat(bystander, { ...typing, mouseMoves: 1 });
    await heartbeat(undetected, typing);
    await expectOnlyFor(user, [bystander, undetected], 'suspicious_input_pattern');
    expect((await heartbeat(user, { active: true, keystrokes: -1 })).status).toBe(400);
  });

  it('counts every pattern type as suspicious activity', () => {
    const types: readonly string[] = SUSPICIOUS_EVENT_TYPES;
    for (const type of ['request_burst', 'unusual_hours', 'failed_logins', 'location_change', 'input_pattern']) {
      expect(types).toContain(`suspicious_${type}`);
    }
  });
});

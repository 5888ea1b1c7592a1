import { randomUUID } from 'node:crypto';
import type {
  AdminAuditResponse,
  AdminRunsSummary,
  AdminUserDetail,
  AdminUserListResponse,
  ArtworkListResponse,
  ArtworkResponse,
} from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { creditLedger, profiles, runs } from '../../src/platform/db/schema/index.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { paintingEngine } from '../support/fake-engines.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { runToEnd } from '../support/tool-runs.ts';
import {
  as,
  cookieOf,
  postJson,
  signIn,
  signUpTestAdmin,
  signUpTestUser,
  type TestUser,
  verifyTestUser,
} from '../support/users.ts';

const BOSS = 'boss@example.com';

describeOnEachDatabase('admin console', (kind) => {
  let rt: TestRuntime;
  let admin: TestUser;
  let ada: TestUser;

  beforeAll(async () => {
    // Image generation on a fake provider: its runs are charged (the demo engine's are free).
    rt = await createTestRuntime(
      kind,
      { ADMIN_EMAILS: ` ${BOSS.toUpperCase()} , other@example.com` },
      { engines: [paintingEngine('image-generation')] },
    );
    admin = await signUpTestAdmin(rt, { email: 'ops@example.com' });
    ada = await signUpTestUser(rt, { email: 'ada@example.com' });
  });
  afterAll(() => rt?.close());

  const get = async <T>(user: TestUser | null, path: string) => {
    const res = await rt.request(path, user ? as(user) : {});
    return { status: res.status, body: (await res.json()) as T };
  };
  const post = (user: TestUser, path: string, body: unknown) => rt.request(path, as(user, postJson(body)));
  const balanceOf = async (user: TestUser) =>
    (await get<{ profile: { credits: number } }>(user, '/api/me')).body.profile.credits;
  const audit = async (query = '') => (await get<AdminAuditResponse>(admin, `/api/admin/audit${query}`)).body;

  it('answers visitors and other users exactly as an unknown API path does', async () => {
    const unknown = await rt.request('/api/admin/nothing-here');
    const unknownBody = (await unknown.json()) as { error: { code: string } };
    expect(unknown.status).toBe(404);
    for (const [path, init] of [
      ['/api/admin/users', {}],
      ['/api/admin/users', as(ada)],
      ['/api/admin/me', as(ada)],
      ['/api/admin/audit', as(ada)],
      ['/api/admin/openapi.json', as(ada)],
      // Not even the validation of a body gives the route away.
      [`/api/admin/users/${ada.userId}/credits`, as(ada, postJson({ delta: 'lots' }))],
      [`/api/admin/users/${ada.userId}/credits`, as(ada, postJson({ delta: 50, reason: 'me' }))],
    ] as const) {
      const res = await rt.request(path, init);
      expect(res.status, path).toBe(404);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe(unknownBody.error.code);
      expect(body.error.message).toBe(`No route for ${init.method ?? 'GET'} ${path}`);
    }
    expect(await balanceOf(ada)).toBe(30);
    // The public API description does not name the console; admins have their own.
    const publicDoc = JSON.stringify(await (await rt.request('/api/openapi.json')).json());
    expect(publicDoc).not.toContain('/admin');
    const adminDoc = await get<{ paths: Record<string, unknown> }>(admin, '/api/admin/openapi.json');
    expect(Object.keys(adminDoc.body.paths)).toEqual(
      expect.arrayContaining(['/users', '/users/{id}/credits', '/runs/{id}/refund', '/audit']),
    );
  });

  it('makes a listed account admin once its address is verified where it is signed in, and at sign-in after', async () => {
    const boss = await signUpTestUser(rt, { email: BOSS });
    expect((await rt.request('/api/admin/me', as(boss))).status).toBe(404);
    // Opened where the account is signed in: the session the link makes is an admin's at once.
    const verified = await verifyTestUser(rt, boss);
    expect((await rt.request('/api/admin/me', as(verified))).status).toBe(200);
    expect((await rt.request('/api/admin/me', as(boss))).status).toBe(404);
    const signedIn = await signIn(rt, { email: BOSS }, boss.password);
    const me = await get<{ admin: { email: string } }>({ ...boss, cookie: cookieOf(signedIn) }, '/api/admin/me');
    expect(me).toEqual({ status: 200, body: { admin: { id: boss.userId, email: BOSS } } });
    const [entry] = (await audit(`?userId=${boss.userId}`)).entries;
    expect(entry).toMatchObject({ via: 'admin_emails', action: 'role.grant', actorId: null, after: { role: 'admin' } });
  });

  it('grants 50 credits with a reason: the balance, the ledger, the audit log and the security events show it', async () => {
    const res = await post(admin, `/api/admin/users/${ada.userId}/credits`, {
      delta: 50,
      reason: 'Goodwill: slow run',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ credits: 80 });
    expect(await balanceOf(ada)).toBe(80);

    const [row] = await rt.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, ada.userId))
      .orderBy(creditLedger.createdAt)
      .offset(1);
    expect(row).toMatchObject({ amount: 50, balanceAfter: 80, reason: 'admin', actorId: admin.userId });

    const [entry] = (await audit()).entries;
    expect(entry).toMatchObject({
      via: 'console',
      actorId: admin.userId,
      actorEmail: admin.email,
      action: 'credits.adjust',
      targetUserId: ada.userId,
      targetEmail: ada.email,
      reason: 'Goodwill: slow run',
      before: { credits: 30 },
      after: { credits: 80, delta: 50 },
    });
    expect(row?.reference).toBe(entry?.id);
    const events = await get<{ events: { eventType: string; details: Record<string, unknown> }[] }>(
      ada,
      '/api/security/events',
    );
    expect(events.body.events[0]).toMatchObject({
      eventType: 'admin_action',
      details: { action: 'credits.adjust', reason: 'Goodwill: slow run', credits: 80 },
    });

    const detail = await get<AdminUserDetail>(admin, `/api/admin/users/${ada.userId}`);
    expect(detail.body.user).toMatchObject({ email: ada.email, credits: 80, disabled: false, admin: false });
    expect(detail.body.ledger[0]).toMatchObject({ amount: 50, reason: 'admin', actorId: admin.userId });
    expect(detail.body.subscription.subscription_tier).toBe('Free');
  });

  it('refuses a deduction below zero, a zero delta and a missing reason, and changes nothing', async () => {
    const before = (await audit()).entries.length;
    const balance = await balanceOf(ada);
    const below = await post(admin, `/api/admin/users/${ada.userId}/credits`, { delta: -(balance + 1), reason: 'x' });
    expect(below.status).toBe(402);
    expect(await below.json()).toMatchObject({ error: { code: 'INSUFFICIENT_CREDITS' } });
    for (const body of [
      { delta: 0, reason: 'x' },
      { delta: 5 },
      { delta: 5, reason: '   ' },
      { delta: 1.5, reason: 'x' },
    ]) {
      const res = await post(admin, `/api/admin/users/${ada.userId}/credits`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    }
    expect(await balanceOf(ada)).toBe(balance);
    expect((await audit()).entries.length).toBe(before);
    const deduct = await post(admin, `/api/admin/users/${ada.userId}/credits`, { delta: -balance, reason: 'to zero' });
    expect(await deduct.json()).toEqual({ credits: 0 });
    const regrant = await post(admin, `/api/admin/users/${ada.userId}/credits`, { delta: 10, reason: 'back' });
    expect(await regrant.json()).toEqual({ credits: 10 });
  });

  it('finds users by part of their e-mail or username, case-insensitively', async () => {
    await rt.database.db.update(profiles).set({ username: 'Ada_L' }).where(eq(profiles.userId, ada.userId));
    for (const q of ['ADA@', 'ada_l', ada.userId]) {
      const found = await get<AdminUserListResponse>(admin, `/api/admin/users?q=${encodeURIComponent(q)}`);
      expect(
        found.body.users.map((u) => u.id),
        q,
      ).toEqual([ada.userId]);
    }
    const wildcard = await get<AdminUserListResponse>(admin, '/api/admin/users?q=%25');
    expect(wildcard.body.users).toEqual([]);
    const all = await get<AdminUserListResponse>(admin, '/api/admin/users');
    expect(all.body.users.length).toBeGreaterThanOrEqual(3);
    expect(all.body.users[0]).toEqual(
      expect.objectContaining({ id: expect.any(String), email: expect.any(String), plan: 'free', disabled: false }),
    );
  });

  it('refunds a finished run once; a run refunded on failure cannot be refunded again', async () => {
    const user = await signUpTestUser(rt);
    const run = await runToEnd(rt, user, 'image-generation', { prompt: 'a lighthouse', n: 2 });
    expect(run).toMatchObject({ status: 'succeeded', credits: 2 });
    expect(await balanceOf(user)).toBe(28);

    const refund = () => post(admin, `/api/admin/runs/${run.id}/refund`, { reason: 'Output was blank' });
    const first = await refund();
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ run: { id: run.id, refunded: true, status: 'succeeded' }, credits: 30 });
    const again = await refund();
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: 'CONFLICT' } });
    expect(await balanceOf(user)).toBe(30);
    const [entry] = (await audit(`?userId=${user.userId}`)).entries;
    expect(entry).toMatchObject({
      action: 'run.refund',
      runId: run.id,
      before: { credits: 28 },
      after: { credits: 30 },
    });

    // A run the pipeline failed and refunded: the same idempotency key refuses a second refund.
    const failedId = randomUUID();
    await rt.database.db.insert(runs).values({
      id: failedId,
      userId: user.userId,
      tool: 'image-upscale',
      status: 'failed',
      credits: 1,
      refunded: true,
      options: {},
      engine: 'recraft',
    });
    expect((await post(admin, `/api/admin/runs/${failedId}/refund`, { reason: 'again' })).status).toBe(409);
    expect((await post(admin, `/api/admin/runs/${randomUUID()}/refund`, { reason: 'none' })).status).toBe(404);
    expect(await balanceOf(user)).toBe(30);
  });

  it('disables an account: no sign-in by e-mail or username, its session ends, its artworks leave the gallery', async () => {
    const eve = await signUpTestUser(rt, { email: 'eve@example.com' });
    await rt.database.db.update(profiles).set({ username: 'eve_x' }).where(eq(profiles.userId, eve.userId));
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const runId = randomUUID();
    const key = `runs/${eve.userId}/${runId}/output-0.png`;
    await rt.storage.put(key, png, 'image/png');
    await rt.database.db.insert(runs).values({
      id: runId,
      userId: eve.userId,
      tool: 'image-generation',
      status: 'succeeded',
      credits: 1,
      options: {},
      outputs: [{ key, mediaType: 'image/png', width: 64, height: 48 }],
      engine: 'recraft',
    });
    const saved = await post(eve, '/api/artworks', {
      runId,
      outputIndex: 0,
      prompt: 'blue',
      toolType: 'image-generation',
      isPublic: true,
    });
    const { artwork } = (await saved.json()) as ArtworkResponse;
    const feedIds = async () =>
      ((await (await rt.request('/api/artworks')).json()) as ArtworkListResponse).artworks.map((a) => a.id);
    expect(await feedIds()).toContain(artwork.id);

    const res = await post(admin, `/api/admin/users/${eve.userId}/disable`, { reason: 'Spam uploads' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { id: eve.userId, disabled: true } });

    expect((await rt.request('/api/me', as(eve))).status).toBe(401);
    for (const attempt of [
      await signIn(rt, { email: eve.email }, eve.password),
      await signIn(rt, { username: 'eve_x' }, eve.password),
    ]) {
      expect(attempt.status).toBe(403);
      expect(await attempt.json()).toMatchObject({ error: { code: 'ACCOUNT_DISABLED' } });
      expect(cookieOf(attempt)).not.toMatch(/session_token=[^;]/);
    }
    // A wrong password still says only that: the state of the account is not given away.
    expect((await signIn(rt, { email: eve.email }, 'wrong password')).status).toBe(401);
    expect(await feedIds()).not.toContain(artwork.id);
    expect((await rt.request(artwork.imageUrl)).status).toBe(404);
    expect((await rt.request(`/api/artworks/${artwork.id}/like`, as(ada, { method: 'PUT' }))).status).toBe(404);
    expect((await post(admin, `/api/admin/users/${eve.userId}/disable`, { reason: 'again' })).status).toBe(409);
    expect((await post(admin, `/api/admin/users/${admin.userId}/disable`, { reason: 'me' })).status).toBe(409);

    const detail = (await get<AdminUserDetail>(admin, `/api/admin/users/${eve.userId}`)).body;
    expect(detail.sessions).toEqual([]);
    expect(detail.artworks[0]).toMatchObject({ id: artwork.id, isPublic: false, hiddenWhileDisabled: true });

    const enabled = await post(admin, `/api/admin/users/${eve.userId}/enable`, { reason: 'Appeal accepted' });
    expect(await enabled.json()).toMatchObject({ user: { disabled: false } });
    expect(await feedIds()).toContain(artwork.id);
    expect((await signIn(rt, { email: eve.email }, eve.password)).status).toBe(200);
    const actions = (await audit(`?userId=${eve.userId}`)).entries.map((e) => e.action);
    expect(actions).toEqual(['account.enable', 'account.disable']);
    const [, disable] = (await audit(`?userId=${eve.userId}`)).entries;
    expect(disable).toMatchObject({ after: { disabled: true, hiddenArtworks: 1, endedSessions: 1 } });
  });

  it('ends every session of a user', async () => {
    const user = await signUpTestUser(rt);
    const second = cookieOf(await signIn(rt, { email: user.email }, user.password));
    const res = await post(admin, `/api/admin/users/${user.userId}/sessions/revoke`, { reason: 'Stolen laptop' });
    expect(await res.json()).toEqual({ revoked: 2 });
    expect((await rt.request('/api/me', as(user))).status).toBe(401);
    expect((await rt.request('/api/me', as({ ...user, cookie: second }))).status).toBe(401);
    expect((await signIn(rt, { email: user.email }, user.password)).status).toBe(200);
  });

  it('summarises the last 24 hours of runs by tool and engine, with the latest failures', async () => {
    const user = await signUpTestUser(rt);
    const insert = (status: 'succeeded' | 'failed', seconds: number) => {
      const createdAt = new Date(Date.now() - 60_000);
      return rt.database.db.insert(runs).values({
        id: randomUUID(),
        userId: user.userId,
        tool: 'vectorization',
        status,
        credits: 1,
        options: {},
        engine: 'recraft',
        error: status === 'failed' ? { code: 'PROVIDER_TIMEOUT', message: 'slow' } : null,
        createdAt,
        finishedAt: new Date(createdAt.getTime() + seconds * 1000),
      });
    };
    await insert('succeeded', 1);
    await insert('succeeded', 2);
    await insert('succeeded', 3);
    await insert('failed', 10);
    const { body } = await get<AdminRunsSummary>(admin, '/api/admin/runs/summary');
    expect(body.groups.find((g) => g.tool === 'vectorization' && g.engine === 'recraft')).toEqual({
      tool: 'vectorization',
      engine: 'recraft',
      count: 4,
      succeeded: 3,
      failed: 1,
      failureRate: 0.25,
      p50Ms: 2500,
      p95Ms: 8950,
    });
    expect(body.latestFailures.find((f) => f.userId === user.userId)).toMatchObject({
      tool: 'vectorization',
      engine: 'recraft',
      email: user.email,
      error: { code: 'PROVIDER_TIMEOUT' },
    });
  });

  it('keeps the audit log append-only in the database itself', async () => {
    for (const statement of [
      'UPDATE admin_audit_log SET reason = $1',
      'DELETE FROM admin_audit_log WHERE reason <> $1',
    ]) {
      await expect(rt.database.query(statement, ['x'])).rejects.toThrow(/append-only/);
    }
    await expect(rt.database.query('TRUNCATE admin_audit_log')).rejects.toThrow(/append-only/);
    expect((await audit()).entries.length).toBeGreaterThan(0);
  });

  it('pages the audit log newest first', async () => {
    const target = await signUpTestUser(rt);
    for (let i = 0; i < 3; i++) {
      await post(admin, `/api/admin/users/${target.userId}/credits`, { delta: 1, reason: `r${i}` });
    }
    const page = await audit(`?userId=${target.userId}`);
    expect(page.entries.map((e) => e.reason)).toEqual(['r2', 'r1', 'r0']);
    expect(page.nextCursor).toBeNull();
    expect((await get(admin, '/api/admin/audit?cursor=nonsense')).status).toBe(400);
  });
});

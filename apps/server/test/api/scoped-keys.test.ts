import type { ApiKey, CreatedApiKeyResponse, ErrorBody, RolledApiKeyResponse } from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getCreditBalance } from '../../src/modules/credits/service.ts';
import { apiKeys } from '../../src/platform/db/schema/index.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { pngImage, runForm } from '../support/images.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { as, postJson, signUpTestUser, type TestUser, withPlan } from '../support/users.ts';

const runsOf = async (rt: TestRuntime, userId: string) =>
  (await rt.database.query<{ id: string }>('SELECT id FROM runs WHERE user_id = $1', [userId])).rows.length;

describeOnEachDatabase('scoped, expiring and rolled API keys', (kind) => {
  let rt: TestRuntime;
  let user: TestUser;

  beforeAll(async () => {
    rt = await createTestRuntime(kind, { RUN_SWEEP_INTERVAL_SECONDS: '3600' });
    user = await withPlan(rt, await signUpTestUser(rt));
  });
  afterAll(async () => {
    await rt?.close();
  });

  const createKey = (body: Record<string, unknown>) => rt.request('/api/v1/me/api-keys', as(user, postJson(body)));
  const keyed = (secret: string, init: RequestInit = {}): RequestInit => ({
    ...init,
    headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${secret}` },
  });
  const startRun = async (secret: string, fields: Record<string, string> = {}) =>
    rt.request(
      '/api/v1/tools/image-upscale/runs',
      keyed(secret, { method: 'POST', body: runForm(fields, { image: await pngImage() }) }),
    );

  it('a key keeps the scopes it was made with; without any given it has every one', async () => {
    const readOnly = await createKey({ name: 'reader', scopes: ['read'] });
    expect(readOnly.status).toBe(201);
    expect(((await readOnly.json()) as CreatedApiKeyResponse).apiKey.scopes).toEqual(['read']);
    const full = (await (await createKey({ name: 'all' })).json()) as CreatedApiKeyResponse;
    expect(full.apiKey.scopes).toEqual(['read', 'runs', 'batches', 'artworks', 'webhooks']);
    expect(full.apiKey.expiresAt).toBeNull();
  });

  it('refuses unknown fields, unknown scopes and an expiry in the past, creating nothing', async () => {
    const before = (await rt.database.db.select().from(apiKeys).where(eq(apiKeys.userId, user.userId))).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'x', admin: true }, 'admin', 'unknown_field'],
      [{ name: 'x', scopes: ['everything'] }, 'scopes.0', 'invalid_value'],
      [{ name: 'x', scopes: [] }, 'scopes', 'too_small'],
      [{ name: 'x', expiresAt: 'tomorrow' }, 'expiresAt', 'invalid_format'],
      [{ name: 'x', expiresAt: new Date(Date.now() - 60_000).toISOString() }, 'expiresAt', 'too_small'],
    ];
    for (const [body, field, problem] of cases) {
      const res = await createKey(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const { error } = (await res.json()) as ErrorBody;
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.issues, JSON.stringify(body)).toContainEqual(expect.objectContaining({ field, problem }));
    }
    const after = (await rt.database.db.select().from(apiKeys).where(eq(apiKeys.userId, user.userId))).length;
    expect(after).toBe(before);
  });

  it('a read-only key reads but cannot start a run: 403 API_KEY_SCOPE naming the scope, nothing charged', async () => {
    const { secret } = (await (await createKey({ name: 'reader', scopes: ['read'] })).json()) as CreatedApiKeyResponse;
    expect((await rt.request('/api/v1/me', keyed(secret))).status).toBe(200);
    expect((await rt.request('/api/v1/runs', keyed(secret))).status).toBe(200);
    const credits = await getCreditBalance(rt.database.db, user.userId);
    const runs = await runsOf(rt, user.userId);
    const refused = await startRun(secret);
    expect(refused.status).toBe(403);
    const { error } = (await refused.json()) as ErrorBody;
    expect(error).toMatchObject({ code: 'API_KEY_SCOPE', scope: 'runs' });
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(credits);
    expect(await runsOf(rt, user.userId)).toBe(runs);
  });

  it('a key with runs but not webhooks starts runs, but not one with a webhookUrl', async () => {
    const { secret } = (await (
      await createKey({ name: 'runner', scopes: ['read', 'runs'] })
    ).json()) as CreatedApiKeyResponse;
    expect((await startRun(secret)).status).toBe(202);
    const runs = await runsOf(rt, user.userId);
    const refused = await startRun(secret, { webhookUrl: 'https://example.com/hooks' });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorBody).error).toMatchObject({ code: 'API_KEY_SCOPE', scope: 'webhooks' });
    expect(await runsOf(rt, user.userId)).toBe(runs);
    const batch = await rt.request(
      '/api/v1/tools/image-upscale/batches',
      keyed(secret, { method: 'POST', body: runForm({}, { image: await pngImage() }) }),
    );
    expect(batch.status).toBe(403);
    expect(((await batch.json()) as ErrorBody).error).toMatchObject({ code: 'API_KEY_SCOPE', scope: 'batches' });
  });

  it('a key past its expiresAt answers 401', async () => {
    const { secret, apiKey } = (await (
      await createKey({ name: 'brief', expiresAt: new Date(Date.now() + 3_600_000).toISOString() })
    ).json()) as CreatedApiKeyResponse;
    expect((await rt.request('/api/v1/me', keyed(secret))).status).toBe(200);
    await rt.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, apiKey.id));
    const expired = await rt.request('/api/v1/me', keyed(secret));
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('rolling a key: a new secret with its scopes, the old one working until the overlap ends', async () => {
    const created = (await (
      await createKey({ name: 'deploy', scopes: ['read', 'batches'] })
    ).json()) as CreatedApiKeyResponse;
    const rolled = await rt.request(
      `/api/v1/me/api-keys/${created.apiKey.id}/roll`,
      as(user, postJson({ overlapSeconds: 600 })),
    );
    expect(rolled.status).toBe(201);
    const body = (await rolled.json()) as RolledApiKeyResponse;
    expect(body.apiKey).toMatchObject({ name: 'deploy', scopes: ['read', 'batches'] });
    expect(body.secret).not.toBe(created.secret);
    const ends = Date.parse(body.previousKey.expiresAt!);
    expect(ends).toBeGreaterThan(Date.now() + 500_000);
    expect(ends).toBeLessThanOrEqual(Date.now() + 600_000);
    // Both work during the overlap …
    expect((await rt.request('/api/v1/me', keyed(created.secret))).status).toBe(200);
    expect((await rt.request('/api/v1/me', keyed(body.secret))).status).toBe(200);
    // … and the old one stops when it ends (moved to the past here, not waited for).
    await rt.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, created.apiKey.id));
    expect((await rt.request('/api/v1/me', keyed(created.secret))).status).toBe(401);
    expect((await rt.request('/api/v1/me', keyed(body.secret))).status).toBe(200);
    // An expired key cannot be rolled again; an unknown field is refused.
    const again = await rt.request(`/api/v1/me/api-keys/${created.apiKey.id}/roll`, as(user, postJson({})));
    expect(again.status).toBe(404);
    const unknown = await rt.request(
      `/api/v1/me/api-keys/${body.apiKey.id}/roll`,
      as(user, postJson({ overlapSeconds: 0, keepName: true })),
    );
    expect(unknown.status).toBe(400);
    const list = (await (await rt.request('/api/v1/me/api-keys', as(user))).json()) as { apiKeys: ApiKey[] };
    expect(list.apiKeys.find((k) => k.id === created.apiKey.id)?.expiresAt).not.toBeNull();
  });

  it('the document names the scope each key operation needs', async () => {
    const document = (await (await rt.request('/api/v1/openapi.json')).json()) as {
      paths: Record<string, Record<string, { 'x-api-key-scope'?: string }>>;
    };
    const scopeOf = (path: string, method: string) => document.paths[path]?.[method]?.['x-api-key-scope'];
    expect(scopeOf('/tools/{tool}/runs', 'post')).toBe('runs');
    expect(scopeOf('/tools/{tool}/batches', 'post')).toBe('batches');
    expect(scopeOf('/runs/{id}', 'get')).toBe('read');
    expect(scopeOf('/artworks', 'post')).toBe('artworks');
    expect(scopeOf('/health', 'get')).toBeUndefined();
  });
});

import type { CreatedApiKeyResponse, Run } from '@atelier/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getCreditBalance } from '../../src/modules/credits/service.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { paintingEngine } from '../support/fake-engines.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { waitForRun } from '../support/tool-runs.ts';
import { as, postJson, signUpTestAdmin, signUpTestUser, type TestUser, withPlan } from '../support/users.ts';
import { expectRefusedLosingNothing } from './losses.ts';

/**
 * One same-origin rule (platform/http/same-origin.ts with api-keys/api-key-auth.ts).
 * A request with a cookie is checked for its origin whatever else it carries; a Bearer
 * credential counts only when it is a live API key; a key's request without a cookie may come
 * from anywhere. Every refusal loses nothing (losses.ts).
 */

const EVIL = 'https://evil.example';
const forbidden = { status: 403, code: 'FORBIDDEN' };
const unauthenticated = { status: 401, code: 'UNAUTHENTICATED' };

/** A request as `user`'s browser would send it, with these headers instead of the SPA's. */
function cookieRequest(user: TestUser, headers: Record<string, string>, init: RequestInit = postJson({})) {
  const merged = new Headers(init.headers);
  merged.delete('origin');
  for (const [name, value] of Object.entries(headers)) merged.set(name, value);
  merged.set('cookie', user.cookie);
  return { ...init, headers: merged };
}

describeOnEachDatabase('one same-origin rule', (kind) => {
  let rt: TestRuntime;
  let ada: TestUser;
  let boss: TestUser;
  let key: string;

  beforeAll(async () => {
    // Image generation on a fake provider: its runs are charged, so a refusal that charged would show.
    rt = await createTestRuntime(
      kind,
      { RUN_SWEEP_INTERVAL_SECONDS: '3600' },
      { engines: [paintingEngine('image-generation')] },
    );
    ada = await withPlan(rt, await signUpTestUser(rt));
    boss = await signUpTestAdmin(rt);
    const created = await rt.request('/api/me/api-keys', as(ada, postJson({ name: 'script' })));
    key = ((await created.json()) as CreatedApiKeyResponse).secret;
  });
  afterAll(() => rt?.close());

  const grant = `/api/admin/users/${'{id}'}/credits`;
  const grantTo = (user: TestUser) => grant.replace('{id}', user.userId);
  const grantBody = () => postJson({ delta: 500, reason: 'a present' });
  const startRun = () => postJson({ prompt: 'a cat' });

  it('an admin cookie with Origin: evil and `Bearer -` grants nothing', async () => {
    for (const bearer of ['Bearer -', 'Bearer', 'bearer x', 'Bearer atk_unknown', `Bearer ${key}`]) {
      await expectRefusedLosingNothing(
        rt,
        () => rt.request(grantTo(ada), cookieRequest(boss, { origin: EVIL, authorization: bearer }, grantBody())),
        forbidden,
      );
    }
    // From the console's own page, a Bearer header still makes the request nobody to the console.
    await expectRefusedLosingNothing(
      rt,
      () =>
        rt.request(
          grantTo(ada),
          cookieRequest(boss, { origin: rt.config.publicUrl, authorization: 'Bearer -' }, grantBody()),
        ),
      { status: 404, code: 'NOT_FOUND' },
    );
  });

  it('a Bearer credential that is not a live key is 401 on the API, never a pass for the cookie beside it', async () => {
    for (const bearer of ['Bearer -', 'Bearer', 'Bearer atk_unknown', 'Bearer  ']) {
      for (const origin of [EVIL, rt.config.publicUrl]) {
        await expectRefusedLosingNothing(
          rt,
          () =>
            rt.request(
              '/api/me/api-keys',
              cookieRequest(ada, { origin, authorization: bearer }, postJson({ name: 'x' })),
            ),
          unauthenticated,
        );
      }
    }
    await expectRefusedLosingNothing(
      rt,
      () => rt.request('/api/tools/image-generation/runs', { ...startRun(), headers: { authorization: 'Bearer -' } }),
      unauthenticated,
    );
  });

  it('a cookie is checked even beside a valid API key', async () => {
    await expectRefusedLosingNothing(
      rt,
      () =>
        rt.request(
          '/api/tools/image-generation/runs',
          cookieRequest(ada, { origin: EVIL, authorization: `Bearer ${key}` }, startRun()),
        ),
      forbidden,
    );
    expect(await getCreditBalance(rt.database.db, ada.userId)).toBe(30);
  });

  it('a valid API key without a cookie may come from anywhere, as a script does', async () => {
    const res = await rt.request('/api/tools/image-generation/runs', {
      ...startRun(),
      headers: { 'content-type': 'application/json', origin: EVIL, authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(202);
    const { run } = (await res.json()) as { run: Run };
    await waitForRun(rt, ada, run.id);
    expect(await getCreditBalance(rt.database.db, ada.userId)).toBe(29);
  });

  it('refuses Origin: null, another origin, and Sec-Fetch-Site other than same-origin', async () => {
    const headerSets: Record<string, string>[] = [
      { origin: 'null' },
      { origin: EVIL },
      { origin: 'http://localhost:3001' },
      { origin: 'https://localhost:3000' },
      { origin: '' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: rt.config.publicUrl, 'sec-fetch-site': 'cross-site' },
      { authorization: 'Basic YWRhOnB3', origin: EVIL },
    ];
    for (const headers of headerSets) {
      await expectRefusedLosingNothing(
        rt,
        () => rt.request('/api/me/api-keys', cookieRequest(ada, headers, postJson({ name: 'csrf' }))),
        forbidden,
      );
    }
  });

  it('refuses every state-changing method, and a cookieless sign-in from another site (login CSRF)', async () => {
    await expectRefusedLosingNothing(
      rt,
      () =>
        rt.request(
          '/api/me',
          cookieRequest(ada, { origin: EVIL }, { ...postJson({ language: 'ja' }), method: 'PATCH' }),
        ),
      forbidden,
    );
    await expectRefusedLosingNothing(
      rt,
      () => rt.request('/api/security/sessions', cookieRequest(ada, { origin: EVIL }, { method: 'DELETE' })),
      forbidden,
    );
    await expectRefusedLosingNothing(
      rt,
      () =>
        rt.request('/api/auth/sign-in/email', postJson({ email: ada.email, password: ada.password }, { origin: EVIL })),
      forbidden,
    );
  });

  it("takes the page's own requests, and requests from no browser at all", async () => {
    const patch = (headers: Record<string, string>) =>
      rt.request('/api/me', cookieRequest(ada, headers, { ...postJson({ language: 'en' }), method: 'PATCH' }));
    expect((await patch({ origin: rt.config.publicUrl })).status).toBe(200);
    expect((await patch({ 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await patch({ origin: rt.config.publicUrl, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    // Neither header: not a browser (browsers send Origin with every state-changing request).
    expect((await patch({})).status).toBe(200);
  });

  it('lets reads through from anywhere: they change nothing, and the browser keeps the answer from the other site', async () => {
    const res = await rt.request('/api/me', cookieRequest(ada, { origin: EVIL }, { method: 'GET' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

import path from 'node:path';
import type { CreatedApiKeyResponse, ErrorBody, Run } from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { planGrants } from '../../src/platform/db/schema/index.ts';
import { findWebBuild } from '../../src/platform/http/web-app.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { pngImage, runForm } from '../support/images.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { waitForRun } from '../support/tool-runs.ts';
import { as, postJson, signUpTestUser, type TestUser, withPlan } from '../support/users.ts';

type Credential = 'none' | 'session' | 'valid key' | 'invalid key' | 'key of a plan without keys';
const CREDENTIALS: readonly Credential[] = [
  'none',
  'session',
  'valid key',
  'invalid key',
  'key of a plan without keys',
];

/**
 * Paths no route answers, including ones beside real routes and under prefixes keys may reach (a
 * path that routes answer with other methods is 405: test/api/error-answers.test.ts).
 */
const UNKNOWN: readonly (readonly [string, string])[] = [
  ['GET', '/api/no-such-thing'],
  ['GET', '/api/files/runs/someone/some-run/output-1.png'],
  ['POST', '/api/me/no-such-thing'],
  ['DELETE', '/api/runs/some-run/no-such-thing'],
  ['PUT', '/api/no-tools'],
  ['GET', '/api/runs/some-run/no-such-thing'],
  ['GET', '/api/auth/list-sessions'],
  ['PATCH', '/api/no-such/deep/path'],
];

describeOnEachDatabase('unknown routes', (kind) => {
  let rt: TestRuntime;
  let keyed: TestUser;
  let secret: string;
  let downgradedSecret: string;

  beforeAll(async () => {
    // The built web app (`npm run build`) answers every other GET with a page: its catch-all
    // must not make API paths known.
    const web = findWebBuild();
    if (!web) throw new Error('The web app is not built: run `npm run build` first.');
    const webDist = path.dirname(web.clientDir);
    rt = await createTestRuntime(kind, {
      ENGINE_IMAGE_UPSCALE: 'demo',
      RUN_SWEEP_INTERVAL_SECONDS: '3600',
      WEB_DIST_DIR: webDist,
    });
    keyed = await withPlan(rt, await signUpTestUser(rt));
    secret = await createKey(keyed);
    // A key kept after its account lost the plan that allows keys.
    const other = await signUpTestUser(rt);
    await withPlan(rt, other);
    downgradedSecret = await createKey(other);
    await rt.database.db.delete(planGrants).where(eq(planGrants.userId, other.userId));
  });
  afterAll(async () => {
    await rt?.close();
  });

  async function createKey(user: TestUser) {
    const res = await rt.request('/api/me/api-keys', as(user, postJson({ name: 'script' })));
    expect(res.status).toBe(201);
    return ((await res.json()) as CreatedApiKeyResponse).secret;
  }

  const headersOf = (credential: Credential): Record<string, string> => {
    switch (credential) {
      case 'none':
        return {};
      case 'session':
        return { cookie: keyed.cookie, origin: rt.config.publicUrl };
      case 'valid key':
        return { authorization: `Bearer ${secret}` };
      case 'invalid key':
        return { authorization: 'Bearer atk_not-a-key' };
      case 'key of a plan without keys':
        return { authorization: `Bearer ${downgradedSecret}` };
    }
  };

  const call = (method: string, pathname: string, credential: Credential) =>
    rt.app.request(`http://localhost${pathname}`, { method, headers: headersOf(credential) });

  it.each(CREDENTIALS)('an unknown route is 404 NOT_FOUND with credential: %s', async (credential) => {
    for (const [method, pathname] of UNKNOWN) {
      const res = await call(method, pathname, credential);
      expect(res.status, `${method} ${pathname}`).toBe(404);
      expect(((await res.json()) as ErrorBody).error.code, `${method} ${pathname}`).toBe('NOT_FOUND');
    }
  });

  it('known routes answer as before: a key is refused where it may not go, an invalid one is 401', async () => {
    const expected: Record<string, Record<Credential, number>> = {
      'GET /api/me': {
        none: 401,
        session: 200,
        'valid key': 200,
        'invalid key': 401,
        'key of a plan without keys': 403,
      },
      'GET /api/security/settings': {
        none: 401,
        session: 200,
        'valid key': 403,
        'invalid key': 401,
        'key of a plan without keys': 403,
      },
      'GET /api/tools': {
        none: 200,
        session: 200,
        'valid key': 200,
        'invalid key': 401,
        'key of a plan without keys': 403,
      },
      'GET /api/auth/get-session': {
        none: 200,
        session: 200,
        'valid key': 403,
        'invalid key': 401,
        'key of a plan without keys': 403,
      },
    };
    for (const [route, byCredential] of Object.entries(expected)) {
      const [method, pathname] = route.split(' ') as [string, string];
      for (const credential of CREDENTIALS) {
        const res = await call(method, pathname, credential);
        expect(res.status, `${route} with ${credential}`).toBe(byCredential[credential]);
      }
    }
    const refused = await call('GET', '/api/security/settings', 'valid key');
    expect(((await refused.json()) as ErrorBody).error.code).toBe('API_KEY_NOT_ALLOWED');
  });

  it("a run's file URL answers its owner's key and session, and 404 to anyone else", async () => {
    const started = await rt.app.request('http://localhost/api/tools/image-upscale/runs', {
      method: 'POST',
      headers: headersOf('valid key'),
      body: runForm({}, { image: await pngImage() }),
    });
    expect(started.status).toBe(202);
    const { run } = (await started.json()) as { run: Run };
    const done = await waitForRun(rt, keyed, run.id);
    const fileUrl = new URL(done.outputs[0]!.url, 'http://localhost').pathname;
    for (const credential of ['valid key', 'session'] as const) {
      const file = await call('GET', fileUrl, credential);
      expect(file.status, credential).toBe(200);
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    expect((await call('GET', fileUrl, 'none')).status).toBe(404);
    expect((await call('GET', fileUrl, 'invalid key')).status).toBe(401);
  });
});

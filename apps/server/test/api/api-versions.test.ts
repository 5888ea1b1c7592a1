import { randomUUID } from 'node:crypto';
import {
  API_V1_PREFIX,
  type CreatedApiKeyResponse,
  type ErrorBody,
  LEGACY_API_SUNSET,
  type Run,
} from '@atelier/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { pngImage, runForm } from '../support/images.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { as, cookieOf, postJson, signUpTestUser, type TestUser, withPlan } from '../support/users.ts';

describeOnEachDatabase('the versioned API', (kind) => {
  let rt: TestRuntime;
  let user: TestUser;
  let key: { authorization: string };

  beforeAll(async () => {
    rt = await createTestRuntime(kind, { ENGINE_IMAGE_UPSCALE: 'demo', RUN_SWEEP_INTERVAL_SECONDS: '3600' });
    user = await withPlan(rt, await signUpTestUser(rt));
    const created = await rt.request('/api/me/api-keys', as(user, postJson({ name: 'script' })));
    key = { authorization: `Bearer ${((await created.json()) as CreatedApiKeyResponse).secret}` };
  });
  afterAll(async () => {
    await rt?.close();
  });

  it('the document is served for /api/v1 and /api/v1 answers without deprecation headers', async () => {
    const res = await rt.request(`${API_V1_PREFIX}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { servers: { url: string }[]; paths: Record<string, object> };
    expect(doc.servers.map((s) => s.url)).toEqual([API_V1_PREFIX]);
    // The file operations are under the one server too (no operation has servers of its own).
    expect(JSON.stringify(doc.paths)).not.toContain('"servers"');
    expect(res.headers.get('deprecation')).toBeNull();
    expect(res.headers.get('sunset')).toBeNull();
  });

  it('the unversioned /api answers the same, with Deprecation, Sunset and the successor', async () => {
    const [legacy, current] = await Promise.all([rt.request('/api/tools'), rt.request(`${API_V1_PREFIX}/tools`)]);
    expect(legacy.status).toBe(200);
    expect(await legacy.json()).toEqual(await current.json());
    expect(legacy.headers.get('deprecation')).toMatch(/^@\d+$/);
    expect(new Date(legacy.headers.get('sunset')!).toISOString().slice(0, 10)).toBe(LEGACY_API_SUNSET);
    expect(legacy.headers.get('link')).toBe(`<${API_V1_PREFIX}/tools>; rel="successor-version"`);
    // Errors too.
    const missing = await rt.request(`/api/runs/${randomUUID()}`, as(user));
    expect(missing.status).toBe(404);
    expect(missing.headers.get('deprecation')).toMatch(/^@\d+$/);
  });

  it('a script runs a tool, reads the run and downloads its output under /api/v1 with a key', async () => {
    const started = await rt.request(`${API_V1_PREFIX}/tools/image-upscale/runs`, {
      method: 'POST',
      headers: key,
      body: runForm({}, { image: await pngImage() }),
    });
    expect(started.status).toBe(202);
    const { run } = (await started.json()) as { run: Run };
    let done: Run | undefined;
    await expect
      .poll(
        async () => {
          const res = await rt.request(`${API_V1_PREFIX}/runs/${run.id}`, { headers: key });
          done = ((await res.json()) as { run: Run }).run;
          return done.status;
        },
        { timeout: 30_000 },
      )
      .toBe('succeeded');
    const filePath = new URL(done!.outputs[0]!.url, 'http://localhost').pathname.replace(/^\/api\/v1/, '');
    for (const path of [`${API_V1_PREFIX}${filePath}`, filePath]) {
      const file = await rt.request(path, { headers: key });
      expect(file.status, path).toBe(200);
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
  });

  it('under /api/v1 unknown routes are 404 with a key, refused ones 403, and the admin console does not exist', async () => {
    for (const [path, status, code] of [
      [`${API_V1_PREFIX}/no-such-thing`, 404, 'NOT_FOUND'],
      [`${API_V1_PREFIX}/files-of-nobody`, 404, 'NOT_FOUND'],
      [`${API_V1_PREFIX}/admin/users`, 404, 'NOT_FOUND'],
      [`${API_V1_PREFIX}/v1/tools`, 404, 'NOT_FOUND'],
      [`${API_V1_PREFIX}/security/settings`, 403, 'API_KEY_NOT_ALLOWED'],
    ] as const) {
      for (const headers of [key, {}]) {
        const res = await rt.request(path, { headers });
        const expected = 'authorization' in headers ? status : path.endsWith('settings') ? 401 : 404;
        expect(res.status, `${path} ${JSON.stringify(headers).slice(0, 20)}`).toBe(expected);
        if ('authorization' in headers) expect(((await res.json()) as ErrorBody).error.code).toBe(code);
      }
    }
  });

  it('signs in and reads the session under /api/v1 (Better Auth sees its own paths)', async () => {
    const signedIn = await rt.request(
      `${API_V1_PREFIX}/auth/sign-in/email`,
      postJson({ email: user.email, password: user.password }, { origin: rt.config.publicUrl }),
    );
    expect(signedIn.status).toBe(200);
    const session = await rt.request(`${API_V1_PREFIX}/auth/get-session`, {
      headers: { cookie: cookieOf(signedIn) },
    });
    expect(session.status).toBe(200);
    expect(((await session.json()) as { user: { id: string } }).user.id).toBe(user.userId);
  });
});

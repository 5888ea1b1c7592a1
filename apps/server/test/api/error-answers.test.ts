import type { CreatedApiKeyResponse, ErrorBody } from '@atelier/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { as, postJson, signUpTestUser, type TestUser, withPlan } from '../support/users.ts';

describeOnEachDatabase('error answers', (kind) => {
  let rt: TestRuntime;
  let user: TestUser;
  let secret: string;

  beforeAll(async () => {
    rt = await createTestRuntime(kind, { RUN_SWEEP_INTERVAL_SECONDS: '3600' });
    user = await withPlan(rt, await signUpTestUser(rt));
    const res = await rt.request('/api/v1/me/api-keys', as(user, postJson({ name: 'script' })));
    expect(res.status).toBe(201);
    secret = ((await res.json()) as CreatedApiKeyResponse).secret;
  });
  afterAll(async () => {
    await rt?.close();
  });

  const call = (method: string, pathname: string, headers: Record<string, string> = {}) =>
    rt.request(pathname, { method, headers });

  it('a wrong method on a known path is 405 with Allow, whatever the credential', async () => {
    const cases: [string, string, string][] = [
      ['PUT', '/api/v1/tools/image-upscale/runs', 'POST'],
      ['DELETE', '/api/v1/tools', 'GET, HEAD'],
      ['PATCH', '/api/v1/me/api-keys', 'GET, HEAD, POST'],
      ['POST', '/api/v1/files/runs/someone/some-run/output-1.png', 'GET, HEAD'],
      ['PUT', '/api/tools/image-upscale/runs', 'POST'],
    ];
    const credentials: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${secret}` },
      { authorization: 'Bearer atk_nothing' },
    ];
    for (const headers of credentials) {
      for (const [method, pathname, allow] of cases) {
        const res = await call(method, pathname, headers);
        expect(res.status, `${method} ${pathname}`).toBe(405);
        expect(res.headers.get('allow'), `${method} ${pathname}`).toBe(allow);
        const body = (await res.json()) as ErrorBody;
        expect(body.error.code).toBe('METHOD_NOT_ALLOWED');
        expect(body.error.requestId).toBe(res.headers.get('x-request-id'));
      }
    }
  });

  it("the admin console's paths stay the 404 of an unknown path for a wrong method", async () => {
    const res = await call('PUT', '/api/admin/users');
    expect(res.status).toBe(404);
    expect(res.headers.get('allow')).toBeNull();
  });

  it('every error body names the request id its header carries', async () => {
    const answers = [
      await call('GET', '/api/v1/no-such-thing'),
      await call('GET', '/api/v1/me'),
      await rt.request('/api/v1/me/api-keys', as(user, postJson({ name: '' }))),
      await call('GET', '/api/v1/runs/not-a-run', { authorization: `Bearer ${secret}` }),
      await rt.request('/api/v1/auth/sign-in/email', postJson({ email: user.email, password: 'wrong password!' })),
    ];
    const statuses = answers.map((res) => res.status);
    expect(statuses).toEqual([404, 401, 400, 400, 401]);
    for (const res of answers) {
      const body = (await res.json()) as ErrorBody;
      expect(body.error.requestId, `${res.status} ${body.error.code}`).toMatch(/\S/);
      expect(body.error.requestId).toBe(res.headers.get('x-request-id'));
    }
    const own = await call('GET', '/api/v1/me', { 'x-request-id': 'my-trace-42' });
    expect(((await own.json()) as ErrorBody).error.requestId).toBe('my-trace-42');
  });

  it('a 401 says which scheme would do, and that a Bearer credential sent is not a live key', async () => {
    const none = await call('GET', '/api/v1/me');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="atelier"');
    const garbage = await call('GET', '/api/v1/me', { authorization: 'Bearer atk_not-a-key' });
    expect(garbage.status).toBe(401);
    expect(garbage.headers.get('www-authenticate')).toBe('Bearer realm="atelier", error="invalid_token"');
    const ok = await call('GET', '/api/v1/me', { authorization: `Bearer ${secret}` });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('www-authenticate')).toBeNull();
  });
});

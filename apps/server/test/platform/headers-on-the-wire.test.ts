import { TOOL_RUNS_PER_HOUR } from '@atelier/contracts';
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../../src/server.ts';
import { pngImage, runForm } from '../support/images.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { as, signUpTestUser } from '../support/users.ts';

// The headers middlewares add once the handler has answered — WWW-Authenticate on a 401, the
// RateLimit headers, the request id in an error body — as a client reads them over a socket,
// served as `npm start` serves it (the in-process tests call the app directly, with Node's own
// Response; the Node server answers with a lightweight one of its own).

describe('answers over a socket', () => {
  let rt: TestRuntime;
  let server: ServerType;
  let base: string;
  beforeAll(async () => {
    const env = {
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:3000',
      ENGINE_IMAGE_UPSCALE: 'demo',
      RUN_SWEEP_INTERVAL_SECONDS: '3600',
    };
    rt = await createTestRuntime('pglite', env);
    let port: number;
    ({ server, port } = await listen(rt));
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await rt?.close();
  });

  it('a 401 to a bearer token carries WWW-Authenticate and the request id', async () => {
    const res = await fetch(`${base}/api/v1/me`, { headers: { authorization: 'Bearer atk_not_a_key' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="atelier", error="invalid_token"');
    const { error } = (await res.json()) as { error: { requestId?: string } };
    expect(error.requestId).toBe(res.headers.get('x-request-id'));
  });

  it('a run start carries where the caller stands against the run limit', async () => {
    const user = await signUpTestUser(rt);
    const form = runForm({}, { image: await pngImage() });
    const res = await fetch(`${base}/api/tools/image-upscale/runs`, as(user, { method: 'POST', body: form }));
    expect(res.status).toBe(202);
    expect(res.headers.get('ratelimit-policy')).toMatch(new RegExp(`^${TOOL_RUNS_PER_HOUR};w=\\d+$`));
    expect(res.headers.get('x-ratelimit-remaining')).toBe(String(TOOL_RUNS_PER_HOUR - 1));
  });
});

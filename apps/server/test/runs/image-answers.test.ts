import type { ErrorBody, Run } from '@atelier/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Engine, EngineError } from '../../src/engines/engine.ts';
import { getCreditBalance } from '../../src/modules/credits/service.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { as, signUpTestUser, type TestUser } from '../support/users.ts';

// One call, the image back: `Accept: image/…` on a run start answers the first output's bytes
// once the run has ended (as remove.bg does), the run as JSON (202) while it is still going, and
// an error naming the run when the image cannot be sent.

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>';

/** The prompt says what the run does: `svg` draws an SVG, `fail` fails, `hang` never ends, else a PNG. */
const promptedEngine: Engine = {
  id: 'prompted',
  kind: 'provider',
  supports: (tool) => tool === 'image-generation',
  run: async ({ options }, { signal }) => {
    const { prompt } = options as { prompt: string };
    if (prompt === 'fail') throw new EngineError('PROVIDER_UNAVAILABLE', 'The provider did not answer');
    if (prompt === 'hang') {
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    }
    if (prompt === 'svg') return [{ data: Buffer.from(SVG), mediaType: 'image/svg+xml', width: 8, height: 8 }];
    const data = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    return [{ data, mediaType: 'image/png', width: 24, height: 16 }];
  },
};

const start = (rt: TestRuntime, user: TestUser, prompt: string, headers: Record<string, string>) =>
  rt.request(
    '/api/v1/tools/image-generation/runs',
    as(user, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ prompt }),
    }),
  );

const runsOf = async (rt: TestRuntime, userId: string) =>
  (await rt.database.query<{ id: string }>('SELECT id FROM runs WHERE user_id = $1', [userId])).rows.length;

describeOnEachDatabase('Accept: image/* on a run start', (kind) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime(kind, { RUN_SWEEP_INTERVAL_SECONDS: '3600' }, { engines: [promptedEngine] });
  });
  afterAll(() => rt?.close());

  it("answers the first output's bytes with its media type, the run charged once", async () => {
    const user = await signUpTestUser(rt);
    const res = await start(rt, user, 'a harbour', { accept: 'image/*' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('preference-applied')).toBeNull();
    const runId = res.headers.get('x-run-id');
    expect(res.headers.get('content-location')).toMatch(
      new RegExp(`^${rt.config.publicUrl}/api/v1/files/runs/.+/${runId}/output-0\\.png$`),
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 24, height: 16 });
    const { run } = (await (await rt.request(`/api/v1/runs/${runId}`, as(user))).json()) as { run: Run };
    expect(run.status).toBe('succeeded');
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(30 - run.credits);
  });

  it('replays the same bytes for a repeat with the same Idempotency-Key, starting one run', async () => {
    const user = await signUpTestUser(rt);
    const send = () => start(rt, user, 'twice', { accept: 'image/png', 'idempotency-key': 'image-once' });
    const first = await send();
    const firstBytes = Buffer.from(await first.arrayBuffer());
    const again = await send();
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await again.arrayBuffer()).equals(firstBytes)).toBe(true);
    expect(await runsOf(rt, user.userId)).toBe(1);
  });

  it('answers 406 naming the charged run when the output is of a type not accepted, or JSON when named too', async () => {
    const user = await signUpTestUser(rt);
    const res = await start(rt, user, 'svg', { accept: 'image/png' });
    expect(res.status).toBe(406);
    const { error } = (await res.json()) as ErrorBody;
    expect(error.code).toBe('NOT_ACCEPTABLE');
    expect(res.headers.get('location')).toBe(`/api/v1/runs/${error.runId}`);
    const { run } = (await (await rt.request(`/api/v1/runs/${error.runId}`, as(user))).json()) as { run: Run };
    expect(run).toMatchObject({ status: 'succeeded', refunded: false });

    const fallback = await start(rt, user, 'svg', { accept: 'image/png, application/json;q=0.5' });
    expect(fallback.status).toBe(200);
    expect(((await fallback.json()) as { run: Run }).run.outputs[0]?.mediaType).toBe('image/svg+xml');

    const svg = await start(rt, user, 'svg', { accept: 'image/*' });
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(await svg.text()).toContain('<svg');
  });

  it("answers a failed run's own error with its id; the credit came back", async () => {
    const user = await signUpTestUser(rt);
    const res = await start(rt, user, 'fail', { accept: 'image/*' });
    expect(res.status).toBe(502);
    const { error } = (await res.json()) as ErrorBody;
    expect(error).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
    const { run } = (await (await rt.request(`/api/v1/runs/${error.runId}`, as(user))).json()) as { run: Run };
    expect(run).toMatchObject({ status: 'failed', refunded: true });
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(30);
  });

  it('answers 202 with the run as JSON while it is still going after the wait, and at once with respond-async', async () => {
    const user = await signUpTestUser(rt);
    for (const prefer of ['wait=1', 'respond-async']) {
      const res = await start(rt, user, 'hang', { accept: 'image/*', prefer });
      expect(res.status).toBe(202);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const { run } = (await res.json()) as { run: Run };
      expect(['queued', 'running']).toContain(run.status);
      if (prefer === 'wait=1') {
        expect(res.headers.get('preference-applied')).toBe('wait=1');
        expect(res.headers.get('location')).toBe(`/api/v1/runs/${run.id}`);
      }
    }
  });
});

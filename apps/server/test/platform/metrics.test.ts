import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { failingEngine, paintingEngine } from '../support/fake-engines.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { runToEnd } from '../support/tool-runs.ts';
import { as, signUpTestUser } from '../support/users.ts';

/** The value of one series in Prometheus's text format, or undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inner = line.slice(name.length + 1, line.lastIndexOf('}'));
    if (wanted.every((pair) => inner.split(',').includes(pair))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describeOnEachDatabase('metrics and readiness', (kind) => {
  let rt: TestRuntime;
  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${rt.metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    return res.text();
  };

  beforeAll(async () => {
    rt = await createTestRuntime(
      kind,
      { METRICS_PORT: '0' },
      {
        engines: [failingEngine('vector-generation'), paintingEngine('image-generation')],
      },
    );
  });
  afterAll(() => rt?.close());

  it('counts runs by tool and engine, credits, and HTTP requests by route pattern', async () => {
    const before = await scrape();
    const count = (text: string, name: string, labels: Record<string, string>) => sample(text, name, labels) ?? 0;
    const user = await signUpTestUser(rt);
    await runToEnd(rt, user, 'image-generation', { prompt: 'a lighthouse' });
    const res = await rt.request(`/api/runs/${crypto.randomUUID()}`, as(user));
    expect(res.status).toBe(404);

    const after = await scrape();
    const painted = { tool: 'image-generation', engine: 'painting' };
    expect(
      count(after, 'atelier_runs_started_total', painted) - count(before, 'atelier_runs_started_total', painted),
    ).toBe(1);
    expect(
      count(after, 'atelier_runs_succeeded_total', painted) - count(before, 'atelier_runs_succeeded_total', painted),
    ).toBe(1);
    expect(sample(after, 'atelier_run_duration_seconds_count', { ...painted, outcome: 'succeeded' })).toBeGreaterThan(
      0,
    );
    expect(sample(after, 'atelier_credits_granted_total', { reason: 'signup' })).toBeGreaterThanOrEqual(30);
    expect(sample(after, 'atelier_credits_charged_total', { reason: 'run' })).toBeGreaterThanOrEqual(1);
    // Route patterns, never raw URLs: the run id is not in any label.
    const notFound = { route: '/api/runs/:id', status: '404' };
    expect(
      count(after, 'atelier_http_requests_total', notFound) - count(before, 'atelier_http_requests_total', notFound),
    ).toBe(1);
    expect(after).not.toMatch(/route="\/api\/runs\/[0-9a-f]{8}-/);
    expect(after).toMatch(/^process_cpu_user_seconds_total /m);
    expect(after).toMatch(/^atelier_runs_in_progress\{status="queued"\} 0$/m);
  });

  it('counts a failed run with its error code and its automatic refund', async () => {
    const user = await signUpTestUser(rt);
    const before = await scrape();
    const run = await runToEnd(rt, user, 'vector-generation', { prompt: 'a fox' });
    expect(run).toMatchObject({ status: 'failed', refunded: true, engine: 'failing' });
    const after = await scrape();
    const grew = (name: string, labels: Record<string, string>) =>
      (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    const labels = { tool: 'vector-generation', engine: 'failing' };
    expect(grew('atelier_runs_failed_total', { ...labels, code: 'PROVIDER_UNAVAILABLE' })).toBe(1);
    expect(grew('atelier_runs_refunded_total', { ...labels, source: 'automatic' })).toBe(1);
    expect(grew('atelier_run_duration_seconds_count', { ...labels, outcome: 'failed' })).toBe(1);
    expect(grew('atelier_credits_granted_total', { reason: 'refund' })).toBe(run.credits);
  });

  it('serves nothing of the metrics on the public port', async () => {
    for (const path of ['/metrics', '/api/metrics']) {
      const res = await rt.request(path);
      expect(await res.text()).not.toContain('atelier_http_requests_total');
    }
    expect((await fetch(`http://127.0.0.1:${rt.metricsPort}/api/health`)).status).toBe(404);
  });

  it('answers ready on a healthy instance, and 503 naming the failing part', async () => {
    const ok = await rt.request('/api/ready');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', storage: 'ok', queue: 'ok' },
      failing: [],
    });
    const onMetricsPort = await fetch(`http://127.0.0.1:${rt.metricsPort}/ready`);
    expect(onMetricsPort.status).toBe(200);

    const put = rt.storage.put.bind(rt.storage);
    rt.storage.put = async () => {
      throw new Error('disk full');
    };
    try {
      // The storage check is remembered for a few seconds; a fresh readiness object would ask now.
      const { Readiness } = await import('../../src/modules/health/readiness.ts');
      const fresh = new Readiness({ database: rt.database, storage: rt.storage, drainDelayMs: 0 });
      expect(await fresh.check()).toEqual({
        status: 'not_ready',
        checks: { database: 'ok', storage: 'disk full' },
        failing: ['storage'],
      });
    } finally {
      rt.storage.put = put;
    }
  });
});

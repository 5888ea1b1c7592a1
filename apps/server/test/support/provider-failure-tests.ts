import { expect, it } from 'vitest';
import { getCreditBalance } from '../../src/modules/credits/service.ts';
import { metricsRegistry } from '../../src/platform/metrics/registry.ts';
import type { TestRuntime } from './test-runtime.ts';
import { runToEnd } from './tool-runs.ts';
import { signUpTestUser } from './users.ts';

/** What every provider's local stand-in can be told to do. */
export interface FailingFake {
  apiKey: string;
  failNext(count: number, status: number): void;
}

const SIGN_UP_CREDITS = 30;

/**
 * The failure behaviour every provider shares through the provider HTTP client: a lasting 5xx
 * fails and refunds the run, a 429 is retried, a rejected key is reported without the key.
 */
export function itHandlesProviderFailures(context: () => { rt: TestRuntime; fake: FailingFake; key: string }) {
  it('fails and refunds the run when the provider keeps answering 500', async () => {
    const { rt, fake } = context();
    const user = await signUpTestUser(rt);
    const providerErrors = async () =>
      (await metricsRegistry.getSingleMetric('atelier_provider_errors_total')!.get()).values.filter(
        (v) => v.labels.code === 'PROVIDER_UNAVAILABLE',
      );
    const before = (await providerErrors()).reduce((sum, v) => sum + v.value, 0);
    fake.failNext(10, 500);
    const run = await runToEnd(rt, user, 'image-generation', { prompt: 'a storm', n: 3 });
    expect(run).toMatchObject({ status: 'failed', refunded: true, error: { code: 'PROVIDER_UNAVAILABLE' } });
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(SIGN_UP_CREDITS);
    // atelier_provider_errors_total counts it under the provider's name.
    const after = await providerErrors();
    expect(after.reduce((sum, v) => sum + v.value, 0) - before).toBe(1);
    expect(after.map((v) => v.labels.provider)).toContain(run.engine);
  });

  it('retries a rate-limited call and succeeds', async () => {
    const { rt, fake } = context();
    const user = await signUpTestUser(rt);
    fake.failNext(1, 429);
    const run = await runToEnd(rt, user, 'image-generation', { prompt: 'a calm sea' });
    expect(run.status).toBe('succeeded');
  });

  it('reports a rejected key clearly, without the key', async () => {
    const { rt, fake, key } = context();
    const user = await signUpTestUser(rt);
    fake.apiKey = 'another-key';
    const run = await runToEnd(rt, user, 'image-generation', { prompt: 'a forest' });
    expect(run).toMatchObject({ status: 'failed', refunded: true, error: { code: 'PROVIDER_AUTH' } });
    expect(run.error!.message).toBe("The AI provider rejected Atelier's API key");
    expect(JSON.stringify(run)).not.toContain(key);
  });
}

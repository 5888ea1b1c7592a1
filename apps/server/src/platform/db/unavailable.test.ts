import { DATABASE_RETRY_MAX_DELAY_MS, DATABASE_RETRY_MIN_DELAY_MS } from '@atelier/contracts';
import { describe, expect, it } from 'vitest';
import { isServiceUnavailable, retryDelayMs, retryWhileUnavailable } from './unavailable.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** As drizzle throws a driver's error: wrapped, the code on the cause. */
const wrapped = (cause: unknown) => new Error('Failed query: select 1', { cause });

describe('isServiceUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection, wrapped by drizzle', wrapped(withCode('ECONNRESET'))],
    [
      'PostgreSQL shutting down (57P01)',
      wrapped(withCode('57P01', 'terminating connection due to administrator command')),
    ],
    ['PostgreSQL starting up (57P03)', withCode('57P03')],
    ['a connection exception (class 08)', withCode('08006')],
    ['too many connections (53300)', withCode('53300')],
    ['a connection lost mid-query', wrapped(new Error('Connection terminated unexpectedly'))],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
  ])('is true for %s', (_, error) => {
    expect(isServiceUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', wrapped(withCode('23505'))],
    ['a syntax error', withCode('42601')],
    ['a plain error', new Error('boom')],
    ['a string', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('is false for %s', (_, error) => {
    expect(isServiceUnavailable(error)).toBe(false);
  });

  it('ends on a cause chain that loops', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    a.cause = a;
    expect(isServiceUnavailable(a)).toBe(false);
  });
});

describe('retryDelayMs', () => {
  it('doubles from the minimum up to the maximum, never below three quarters of it', () => {
    expect(retryDelayMs(0)).toBeGreaterThanOrEqual(DATABASE_RETRY_MIN_DELAY_MS * 0.75);
    expect(retryDelayMs(0)).toBeLessThanOrEqual(DATABASE_RETRY_MIN_DELAY_MS);
    expect(retryDelayMs(1)).toBeGreaterThanOrEqual(DATABASE_RETRY_MIN_DELAY_MS * 1.5);
    expect(retryDelayMs(100)).toBeLessThanOrEqual(DATABASE_RETRY_MAX_DELAY_MS);
    expect(retryDelayMs(100)).toBeGreaterThanOrEqual(DATABASE_RETRY_MAX_DELAY_MS * 0.75);
  });
});

describe('retryWhileUnavailable', () => {
  it('retries while the service is unavailable, then answers', async () => {
    let calls = 0;
    const retries: number[] = [];
    const result = await retryWhileUnavailable(
      async () => {
        calls++;
        if (calls < 3) throw withCode('ECONNREFUSED');
        return 'done';
      },
      { until: Date.now() + 10_000, onRetry: (_, attempt) => retries.push(attempt) },
    );
    expect({ result, calls, retries }).toEqual({ result: 'done', calls: 3, retries: [0, 1] });
  });

  it('does not retry any other failure', async () => {
    let calls = 0;
    const failing = retryWhileUnavailable(
      async () => {
        calls++;
        throw withCode('23505');
      },
      { until: Date.now() + 10_000 },
    );
    await expect(failing).rejects.toMatchObject({ code: '23505' });
    expect(calls).toBe(1);
  });

  it('gives up when told to, or once its time is up, with the last error', async () => {
    const refused = async () => {
      throw withCode('ECONNREFUSED');
    };
    await expect(
      retryWhileUnavailable(refused, { until: Date.now() + 10_000, giveUp: () => true }),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await expect(retryWhileUnavailable(refused, { until: Date.now() })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});

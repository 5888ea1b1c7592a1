// @vitest-environment jsdom
import type { Run } from '@atelier/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BATCH_POLL_MS, useBatchRun } from './use-batch-run.ts';

// The batch hook against the API as the browser sees it (fetch answered here): one request
// starts the batch, the batch's runs give each tile its state, a failed tile is retried as a
// single run of its own image and followed until it ends.

const run = (id: string, extra: Partial<Run> = {}): Run => ({
  id,
  tool: 'image-upscale',
  status: 'queued',
  progress: 0,
  credits: 1,
  refunded: false,
  options: {},
  outputs: [],
  inputs: [],
  batchId: 'batch-1',
  teamId: null,
  source: null,
  error: null,
  engine: 'local',
  clientSide: false,
  overtook: 0,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
  finishedAt: null,
  ...extra,
});
const output = (id: string) => ({
  url: `/files/runs/u/${id}/output-0.png`,
  mediaType: 'image/png',
  width: 8,
  height: 8,
});
const reply = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const file = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });

let requests: { method: string; path: string; body: string }[];
let answer: (method: string, path: string) => Response;
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      const body = request.method === 'POST' ? await request.text() : '';
      requests.push({ method: request.method, path, body });
      return answer(request.method, path);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderBatch(onStartFailed = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useBatchRun('image-upscale', false, onStartFailed), { wrapper });
}

describe('useBatchRun', () => {
  it('starts every image in one request, follows the runs, and retries a failed one alone', async () => {
    let retried = run('run-c', { batchId: null });
    answer = (method, path) => {
      if (method === 'POST' && path === '/api/tools/image-upscale/batches')
        return reply(
          { batch: { id: 'batch-1', tool: 'image-upscale', runIds: ['run-a', 'run-b'], createdAt: '' } },
          202,
        );
      if (path === '/api/batches/batch-1')
        return reply({
          batch: {
            id: 'batch-1',
            tool: 'image-upscale',
            status: 'completed',
            counts: { queued: 0, running: 0, succeeded: 1, failed: 1 },
            runs: [
              run('run-a', { status: 'succeeded', progress: 100, outputs: [output('run-a')] }),
              run('run-b', {
                status: 'failed',
                refunded: true,
                error: { code: 'INTERNAL', message: 'engine crashed' },
              }),
            ],
            createdAt: '',
          },
        });
      if (method === 'POST' && path === '/api/tools/image-upscale/runs') return reply({ run: retried }, 202);
      if (path === '/api/runs/run-c') return reply({ run: retried });
      return reply({ profile: { credits: 28 } });
    };
    const { result } = renderBatch();
    act(() => result.current.select([file('shoe.png'), file('bag.png')]));
    expect(result.current.tiles.map((tile) => tile.status)).toEqual(['waiting', 'waiting']);

    const options = new FormData();
    options.set('upscaleType', 'crisp');
    await act(() => result.current.start(options));
    const started = requests.find((r) => r.path.endsWith('/batches'))!;
    // Multipart: the image field once per file (in order), the options once. (File names are
    // checked in e2e/batches.spec.ts: jsdom's File reaches Node's fetch as an unnamed blob.)
    expect(started.body.match(/name="image"; filename=/g)).toHaveLength(2);
    expect(started.body.match(/name="upscaleType"/g)).toHaveLength(1);
    expect(result.current.tiles.map((tile) => [tile.status, tile.runId, tile.inBatch])).toEqual([
      ['queued', 'run-a', true],
      ['queued', 'run-b', true],
    ]);
    expect(result.current.running).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(BATCH_POLL_MS));
    const [shoe, bag] = result.current.tiles;
    expect(shoe).toMatchObject({ status: 'succeeded', outputs: [output('run-a')] });
    expect(bag).toMatchObject({ status: 'failed', error: { code: 'INTERNAL' } });
    expect(result.current.running).toBe(false);

    const single = new FormData();
    single.set('image', bag!.file);
    await act(() => result.current.retry(bag!.key, single));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/tools/image-upscale/batches',
      '/api/tools/image-upscale/runs',
    ]);
    expect(result.current.tiles[1]).toMatchObject({ status: 'queued', runId: 'run-c', inBatch: false });

    retried = { ...retried, status: 'succeeded', progress: 100, outputs: [output('run-c')] };
    await act(() => vi.advanceTimersByTimeAsync(BATCH_POLL_MS));
    expect(result.current.tiles[1]).toMatchObject({ status: 'succeeded', outputs: [output('run-c')] });
    // The retried tile was asked about on its own; the batch was not asked again.
    expect(requests.filter((r) => r.path === '/api/batches/batch-1')).toHaveLength(1);
  });

  it('reports a refused batch (402) and starts nothing', async () => {
    answer = () => reply({ error: { code: 'INSUFFICIENT_CREDITS', message: 'Not enough credits' } }, 402);
    const onStartFailed = vi.fn();
    const { result } = renderBatch(onStartFailed);
    act(() => result.current.select([file('a.png'), file('b.png'), file('c.png')]));
    await act(() => result.current.start(new FormData()));
    expect(onStartFailed).toHaveBeenCalledWith(expect.objectContaining({ status: 402, code: 'INSUFFICIENT_CREDITS' }));
    expect(result.current.tiles.every((tile) => tile.status === 'waiting' && tile.runId === null)).toBe(true);
    expect(result.current.launched).toBe(false);
    expect(result.current.running).toBe(false);
  });
});

// @vitest-environment jsdom
import type { Run, RunListResponse } from '@atelier/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import history from '../../locales/en/history.json';
import tools from '../../locales/en/tools.json';
import HistoryPage from './history-page.tsx';

const run = (n: number, extra: Partial<Run> = {}): Run => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  tool: 'image-generation',
  status: 'succeeded',
  progress: 100,
  credits: 2,
  refunded: false,
  options: {},
  outputs: [{ url: `/files/runs/u/${n}/output-0.png`, mediaType: 'image/png', width: 1024, height: 1024 }],
  inputs: [],
  batchId: null,
  teamId: null,
  source: null,
  error: null,
  engine: 'demo',
  clientSide: false,
  overtook: 0,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
  finishedAt: '2026-11-22T10:00:01.000Z',
  ...extra,
});

const json = { 'content-type': 'application/json' };
const page = (runs: Run[], nextCursor: string | null): Response =>
  new Response(JSON.stringify({ runs, nextCursor } satisfies RunListResponse), { headers: json });

let fetchMock: ReturnType<typeof vi.fn>;
/** The path and query of the n-th request the page made. */
const requested = (n: number) => {
  const url = new URL((fetchMock.mock.calls[n]![0] as Request).url);
  return `${url.pathname}${url.search}`;
};
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderPage() {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['history', 'tools'],
    defaultNS: 'history',
    resources: { en: { history, tools, common: { loading: 'Loading…' } } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <HistoryPage />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('history page', () => {
  it('lists runs with status, credits and thumbnails, and loads older ones by cursor', async () => {
    fetchMock
      .mockResolvedValueOnce(
        page(
          [
            run(2),
            run(1, { status: 'failed', refunded: true, outputs: [], error: { code: 'INTERNAL', message: 'x' } }),
          ],
          'c1',
        ),
      )
      .mockResolvedValueOnce(
        page(
          [run(0, { tool: 'background-removal', clientSide: true, outputs: [], credits: 1, engine: 'browser' })],
          null,
        ),
      );
    await renderPage();

    expect(await screen.findAllByText('Image Generation')).toHaveLength(2);
    expect(screen.getByText('Done')).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getByText(/2 credits refunded/)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Image Generation result 1' }).getAttribute('src')).toBe(
      '/files/runs/u/2/output-0.png',
    );
    expect(requested(0)).toBe('/api/runs');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Background Removal')).toBeTruthy();
    expect(requested(1)).toBe('/api/runs?cursor=c1');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('opens a run in its tool and runs it again; a browser run offers neither', async () => {
    const upscale = run(3, { tool: 'image-upscale', credits: 1, options: { upscaleType: 'creative' } });
    const browser = run(4, { tool: 'background-removal', clientSide: true, outputs: [], credits: 1 });
    const again = run(5, { tool: 'image-upscale', status: 'queued', progress: 0, credits: 1, outputs: [] });
    fetchMock
      .mockResolvedValueOnce(page([browser, upscale], null))
      .mockResolvedValueOnce(new Response(JSON.stringify({ run: again }), { status: 202, headers: json }))
      .mockResolvedValueOnce(page([again, browser, upscale], null));
    await renderPage();

    const open = await screen.findByRole('link', { name: 'Open in tool: Image Upscale' });
    expect(open.getAttribute('href')).toBe(`/tools/image-upscale?openRun=${upscale.id}`);
    expect(screen.getAllByRole('link', { name: /Open in tool/ })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /Run again/ })).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Run again: Image Upscale, 1 credit' }));
    expect(await screen.findByText('Queued')).toBeTruthy();
    const rerun = fetchMock.mock.calls[1]![0] as Request;
    expect([rerun.method, new URL(rerun.url).pathname]).toEqual(['POST', `/api/runs/${upscale.id}/rerun`]);
  });

  it('says clearly when the balance does not cover running it again', async () => {
    const upscale = run(6, { tool: 'image-upscale', credits: 1 });
    fetchMock.mockResolvedValueOnce(page([upscale], null)).mockResolvedValueOnce(
      new Response(JSON.stringify({ error: { code: 'INSUFFICIENT_CREDITS', message: 'Not enough credits' } }), {
        status: 402,
        headers: json,
      }),
    );
    await renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Run again: Image Upscale, 1 credit' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Not enough credits to run this again: it costs 1 credit.',
    );
    expect(screen.getByRole('link', { name: 'Get more credits' }).getAttribute('href')).toBe('/pricing');
  });

  it('invites a user without runs to the tools', async () => {
    fetchMock.mockResolvedValueOnce(page([], null));
    await renderPage();
    expect(await screen.findByText('You have not run any tool yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the tools' }).getAttribute('href')).toBe('/tools');
  });
});

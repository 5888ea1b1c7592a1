// @vitest-environment jsdom
import type { Team } from '@atelier/contracts';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import team from '../../locales/en/team.json';
import { RenewalSwitch } from './renewal-switch.tsx';
import { TEAMS_QUERY_KEY } from './teams-api.ts';
import { teamsQuery } from './workspace-team.ts';

const shown: { title: string; description?: string }[] = [];
vi.mock('../../lib/notify.ts', () => ({
  notify: async (show: (api: unknown) => void) =>
    show({ error: (title: string, options?: { description?: string }) => shown.push({ title, ...options }) }),
}));

const pool: Team = {
  id: 'team-1',
  name: 'Pixel Studio',
  credits: 10,
  role: 'owner',
  seats: { used: 1, max: 5 },
  plan: 'studio',
  readOnly: false,
  receivesRenewal: false,
  createdAt: '2026-11-22T10:00:00.000Z',
};

const json = { 'content-type': 'application/json' };
let fetchMock: ReturnType<typeof vi.fn>;
/** The PUT's answer, held until the test lets it go. */
let answerPut: (response: Response) => void;
let serverSays: boolean;

beforeEach(() => {
  shown.length = 0;
  serverSays = false;
  fetchMock = vi.fn(async (request: Request) => {
    if (request.method === 'PUT') return new Promise<Response>((resolve) => (answerPut = resolve));
    return new Response(JSON.stringify({ teams: [{ ...pool, receivesRenewal: serverSays }] }), { headers: json });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The switch as the team page shows it: fed by the cached teams, as the page's own is. */
function FromCache() {
  const teams = useQuery(teamsQuery);
  return teams.data?.[0] ? <RenewalSwitch team={teams.data[0]} /> : null;
}

async function renderSwitch() {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['team'],
    defaultNS: 'team',
    resources: { en: { team } },
    react: { useSuspense: false },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(TEAMS_QUERY_KEY, [pool]);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <FromCache />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return screen.getByLabelText<HTMLInputElement>(team.pool.renewal);
}

describe('the renewal switch', () => {
  it('ticks as it is pressed, waits disabled for the server, and keeps what the server confirmed', async () => {
    const box = await renderSwitch();
    fireEvent.click(box);
    // At once, before any answer: ticked, and not pressable again meanwhile.
    expect(box.checked).toBe(true);
    expect(box.disabled).toBe(true);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // Asked once: the cached teams are fresh, the only request is the change.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const put = fetchMock.mock.calls[0]![0] as Request;
    expect(new URL(put.url).pathname).toMatch(/\/teams\/team-1\/renewal$/);
    expect(await put.clone().json()).toEqual({ receivesRenewal: true });

    serverSays = true;
    await act(async () => answerPut(new Response(null, { status: 204 })));
    await waitFor(() => expect(box.disabled).toBe(false));
    // The teams were asked for again, and the server's answer is what the box shows.
    expect((fetchMock.mock.calls.at(-1)![0] as Request).method).toBe('GET');
    expect(box.checked).toBe(true);
    expect(shown).toEqual([]);
  });

  it('goes back when the server refuses, and says why in a toast', async () => {
    const box = await renderSwitch();
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const refusal = { error: { code: 'FORBIDDEN', message: 'Only the owner' } };
    await act(async () => answerPut(new Response(JSON.stringify(refusal), { status: 403, headers: json })));
    await waitFor(() => expect(box.disabled).toBe(false));
    expect(box.checked).toBe(false);
    expect(shown).toEqual([{ title: team.pool.renewalFailed, description: team.errors.FORBIDDEN }]);
  });
});

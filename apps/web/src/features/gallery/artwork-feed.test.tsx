// @vitest-environment jsdom
import { type Artwork, type ArtworkListResponse, GALLERY_SKELETON_COUNT } from '@atelier/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import gallery from '../../locales/en/gallery.json';
import tools from '../../locales/en/tools.json';
import { ArtworkFeed } from './artwork-feed.tsx';

const artwork = (n: number, extra: Partial<Artwork> = {}): Artwork => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  imageUrl: `/files/artworks/${n}/original.png`,
  thumbnailUrl: `/files/artworks/${n}/w640.webp`,
  thumbnails: [{ width: 640, height: 480, url: `/files/artworks/${n}/w640.webp` }],
  title: null,
  width: 800,
  height: 600,
  prompt: `prompt ${n}`,
  negativePrompt: null,
  toolType: 'image-generation',
  isPublic: true,
  isDemo: false,
  authorName: 'ada',
  likesCount: 0,
  userLiked: false,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
  ...extra,
});

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** IntersectionObserver stand-in: the test says when the observed element comes into view. */
let observed: { element: Element; callback: IntersectionObserverCallback }[] = [];
class FakeIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(element: Element) {
    observed.push({ element, callback: this.callback });
  }
  disconnect() {
    observed = observed.filter((o) => o.callback !== this.callback);
  }
}
const scrollToLast = () =>
  act(() => {
    for (const { element, callback } of observed) {
      callback([{ isIntersecting: true, target: element } as IntersectionObserverEntry], {} as IntersectionObserver);
    }
  });

let fetchMock: ReturnType<typeof vi.fn>;
/** The method, path and query of the n-th request the feed made. */
const requested = (n: number) => {
  const request = fetchMock.mock.calls[n]![0] as Request;
  const url = new URL(request.url);
  return `${request.method} ${url.pathname}${url.search}`;
};

beforeEach(() => {
  observed = [];
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderFeed(viewerId: string | null, props: Partial<Parameters<typeof ArtworkFeed>[0]> = {}) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['gallery', 'tools'],
    defaultNS: 'gallery',
    resources: { en: { gallery, tools, common: { loading: 'Loading…' } } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ArtworkFeed kind="public" viewerId={viewerId} {...props} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const page = (artworks: Artwork[], nextCursor: string | null = null): ArtworkListResponse => ({ artworks, nextCursor });

describe('the gallery feed', () => {
  it('shows 8 skeleton cards while the first page loads, then the empty message', async () => {
    let answer: (res: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    await renderFeed(null);
    expect(screen.getAllByTestId('artwork-skeleton')).toHaveLength(GALLERY_SKELETON_COUNT);
    answer(jsonResponse(page([])));
    expect(await screen.findByText(/No public artworks yet/)).toBeTruthy();
    // It invites the visitor to make one: to the tools, through sign-up for a visitor.
    const invite = screen.getByRole('link', { name: 'Make something with a tool' });
    expect(invite.getAttribute('href')).toMatch(/^\/login\?.*next=%2Ftools/);
  });

  it('loads the next page when the last card comes into view', async () => {
    const first = Array.from({ length: 20 }, (_, i) => artwork(i + 1));
    fetchMock.mockResolvedValueOnce(jsonResponse(page(first, 'CURSOR-1')));
    fetchMock.mockResolvedValueOnce(jsonResponse(page([artwork(21)])));
    await renderFeed(null);
    expect(await screen.findAllByRole('article')).toHaveLength(20);
    // Sized images: the page does not move while they load. The first row loads at once, the
    // very first image first (the largest paint); the rest when it nears the viewport.
    const attributes = (image: HTMLElement) =>
      ['width', 'height', 'loading', 'fetchpriority'].map((name) => image.getAttribute(name));
    const images = screen.getAllByRole('img');
    expect(attributes(images[0]!)).toEqual(['800', '600', 'eager', 'high']);
    expect(attributes(images[1]!)).toEqual(['800', '600', 'eager', null]);
    expect(attributes(images[19]!)).toEqual(['800', '600', 'lazy', null]);
    scrollToLast();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(21));
    expect(requested(1)).toBe('GET /api/artworks?cursor=CURSOR-1');
  });

  it('likes at once, and takes the like back when the server refuses', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(page([artwork(1, { likesCount: 4 })])));
    let refuse: (res: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (refuse = resolve)));
    await renderFeed('viewer-1');
    fireEvent.click(await screen.findByRole('button', { name: /^Like/ }));
    const liked = await screen.findByRole('button', { name: /^Unlike/ });
    expect([liked.getAttribute('aria-pressed'), liked.textContent]).toEqual(['true', '5']);
    expect(requested(1)).toBe('PUT /api/artworks/00000000-0000-4000-8000-000000000001/like');
    refuse(jsonResponse({ error: { code: 'INTERNAL', message: 'no' } }, 500));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Like/ }).textContent).toBe('4'));
  });

  it('does not call the server when a visitor clicks like', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(page([artwork(1)])));
    await renderFeed(null);
    fireEvent.click(await screen.findByRole('button', { name: /^Like/ }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: /^Like/ }).textContent).toBe('0');
  });

  it("shows the team's library in the team tab, where a member makes an artwork public", async () => {
    const team = { id: '00000000-0000-4000-8000-0000000000aa', name: 'Studio North' };
    fetchMock.mockResolvedValueOnce(jsonResponse(page([artwork(1, { isPublic: false, authorName: 'ada' })])));
    fetchMock.mockResolvedValueOnce(jsonResponse({ artwork: artwork(1, { isPublic: true, authorName: 'ada' }) }));
    await renderFeed('viewer-1', { kind: 'team', team });
    expect(await screen.findByRole('region', { name: 'Team: Studio North' })).toBeTruthy();
    expect(requested(0)).toBe(`GET /api/teams/${team.id}/artworks`);
    // Who made it is said; no like button, and deleting stays the author's (not offered here).
    expect(screen.getByText('by ada')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Like/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    const visibility = screen.getByRole('switch', { name: 'Public' });
    expect(visibility.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(visibility);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Public' }).getAttribute('aria-checked')).toBe('true'),
    );
    expect(requested(1)).toBe('PATCH /api/artworks/00000000-0000-4000-8000-000000000001');
    expect(await (fetchMock.mock.calls[1]![0] as Request).json()).toEqual({ isPublic: true });
  });

  it('marks a demo result in the team tab as private, with no switch to make it public', async () => {
    const team = { id: '00000000-0000-4000-8000-0000000000aa', name: 'Studio North' };
    fetchMock.mockResolvedValueOnce(jsonResponse(page([artwork(1, { isPublic: false, isDemo: true })])));
    await renderFeed('viewer-1', { kind: 'team', team });
    expect(await screen.findByText(/Demo · Private/)).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Public' })).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

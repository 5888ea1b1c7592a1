import { randomUUID } from 'node:crypto';
import {
  ARTWORK_CARD_THUMBNAIL_WIDTH,
  ARTWORK_TITLE_MAX_LENGTH,
  ARTWORKS_PAGE_SIZE,
  type ArtworkListResponse,
  type ArtworkResponse,
  artworkShareImageUrl,
  DEMO_ENGINE_ID,
  type LikeResponse,
  type RunStatus,
  type ToolId,
} from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hidePublicArtworks, restoreHiddenArtworks } from '../../src/modules/admin/repo.ts';
import { artworks, profiles, runs } from '../../src/platform/db/schema/index.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { as, signUpTestUser, type TestUser } from '../support/users.ts';

describeOnEachDatabase('artworks', (kind) => {
  let rt: TestRuntime;
  let ada: TestUser;
  let bob: TestUser;
  let png: Buffer;

  beforeAll(async () => {
    rt = await createTestRuntime(kind);
    ada = await signUpTestUser(rt, { email: 'ada.lovelace@example.com' });
    bob = await signUpTestUser(rt);
    png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
  });
  afterAll(() => rt?.close());

  /** A succeeded run of the user with one stored PNG output, as the pipeline leaves it. */
  async function succeededRun(
    user: TestUser,
    tool: ToolId = 'image-generation',
    status: RunStatus = 'succeeded',
    engine = 'recraft',
  ) {
    const id = randomUUID();
    const key = `runs/${id}/output-0.png`;
    await rt.storage.put(key, png, 'image/png');
    await rt.database.db.insert(runs).values({
      id,
      userId: user.userId,
      tool,
      status,
      credits: 1,
      options: {},
      outputs: [{ key, mediaType: 'image/png', width: 800, height: 600 }],
      engine,
    });
    return { id, key };
  }

  const post = (user: TestUser, body: unknown) =>
    rt.request(
      '/api/artworks',
      as(user, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    );

  async function save(user: TestUser, isPublic: boolean, prompt = 'a blue square') {
    const run = await succeededRun(user);
    const res = await post(user, { runId: run.id, outputIndex: 0, prompt, toolType: 'image-generation', isPublic });
    expect(res.status).toBe(201);
    return ((await res.json()) as ArtworkResponse).artwork;
  }

  const list = async (path: string, init?: RequestInit) =>
    (await (await rt.request(path, init)).json()) as ArtworkListResponse;

  it('saves a run output with WebP thumbnails, and a second save answers the same artwork', async () => {
    const run = await succeededRun(ada);
    const body = {
      runId: run.id,
      outputIndex: 0,
      prompt: 'a blue square',
      toolType: 'image-generation',
      isPublic: true,
    };
    const res = await post(ada, body);
    expect(res.status).toBe(201);
    const { artwork } = (await res.json()) as ArtworkResponse;
    expect(artwork).toMatchObject({ width: 800, height: 600, isPublic: true, prompt: 'a blue square', likesCount: 0 });
    expect(artwork.thumbnailUrl).toBe(`/files/artworks/${artwork.id}/w${ARTWORK_CARD_THUMBNAIL_WIDTH}.webp`);
    expect(artwork.thumbnails.map((t) => [t.width, t.height])).toEqual([
      [320, 240],
      [640, 480],
    ]);

    const thumb = await rt.request(artwork.thumbnailUrl);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).format).toBe('webp');

    const again = await post(ada, body);
    expect(again.status).toBe(200);
    expect(((await again.json()) as ArtworkResponse).artwork.id).toBe(artwork.id);

    // The artwork has its own copy: pruning the run's files does not break it.
    await rt.storage.delete(run.key);
    expect((await rt.request(artwork.imageUrl)).status).toBe(200);
  });

  it("refuses another user's run, an unfinished run, a wrong tool and a missing output", async () => {
    const adas = await succeededRun(ada);
    const body = { runId: adas.id, outputIndex: 0, prompt: '', toolType: 'image-generation', isPublic: false };
    expect((await post(bob, body)).status).toBe(404);
    expect((await post(ada, { ...body, outputIndex: 1 })).status).toBe(404);
    const wrongTool = await post(ada, { ...body, toolType: 'vectorization' });
    expect(wrongTool.status).toBe(400);
    expect(await wrongTool.json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR', fields: { toolType: expect.any(String) } },
    });
    const running = await succeededRun(ada, 'image-generation', 'running');
    expect((await post(ada, { ...body, runId: running.id })).status).toBe(409);
    const visitor = await rt.request('/api/artworks', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: rt.config.publicUrl },
      body: JSON.stringify(body),
    });
    expect(visitor.status).toBe(401);
  });

  it('keeps a demo result private: never saved as public nor made public later, and nothing is stored for a refusal', async () => {
    const demo = await succeededRun(ada, 'image-generation', 'succeeded', DEMO_ENGINE_ID);
    const body = { runId: demo.id, outputIndex: 0, prompt: 'a stamped placeholder', toolType: 'image-generation' };
    const artworksOfAda = async () =>
      (await rt.database.db.select({ id: artworks.id }).from(artworks).where(eq(artworks.userId, ada.userId))).length;
    const before = await artworksOfAda();
    const refused = await post(ada, { ...body, isPublic: true });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: { code: 'DEMO_NOT_PUBLISHABLE' } });
    expect(await artworksOfAda()).toBe(before); // refused before any file is copied

    const kept = await post(ada, { ...body, isPublic: false });
    expect(kept.status).toBe(201);
    const artwork = ((await kept.json()) as ArtworkResponse).artwork;
    expect(artwork).toMatchObject({ isDemo: true, isPublic: false });
    const publish = await rt.request(
      `/api/artworks/${artwork.id}`,
      as(ada, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{"isPublic":true}' }),
    );
    expect(publish.status).toBe(409);
    expect(await publish.json()).toMatchObject({ error: { code: 'DEMO_NOT_PUBLISHABLE' } });
    expect((await list('/api/artworks')).artworks.map((a) => a.id)).not.toContain(artwork.id);
    // Renaming it is fine; the database itself refuses a public demo row.
    const renamed = await rt.request(
      `/api/artworks/${artwork.id}`,
      as(ada, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{"title":"Draft"}' }),
    );
    expect(((await renamed.json()) as ArtworkResponse).artwork).toMatchObject({ title: 'Draft', isPublic: false });
    await expect(
      rt.database.db.update(artworks).set({ isPublic: true }).where(eq(artworks.id, artwork.id)),
    ).rejects.toThrow();
    // A real engine's result is published as before.
    expect(await save(ada, true)).toMatchObject({ isDemo: false, isPublic: true });
  });

  it('shows public artworks to visitors and private ones only to their owner (list and files)', async () => {
    const open = await save(ada, true);
    const hidden = await save(ada, false);

    const visitorIds = (await list('/api/artworks')).artworks.map((a) => a.id);
    expect(visitorIds).toContain(open.id);
    expect(visitorIds).not.toContain(hidden.id);
    expect((await list('/api/artworks', as(bob))).artworks.map((a) => a.id)).not.toContain(hidden.id);

    const mine = (await list('/api/me/artworks', as(ada))).artworks.map((a) => a.id);
    expect(mine).toEqual(expect.arrayContaining([open.id, hidden.id]));
    expect((await list('/api/me/artworks', as(bob))).artworks).toEqual([]);
    expect((await rt.request('/api/me/artworks')).status).toBe(401);

    for (const url of [open.imageUrl, open.thumbnailUrl]) {
      const res = await rt.request(url);
      expect(res.status, url).toBe(200);
      // It may become private: a cache asks again every time, and an unchanged file costs a 304.
      expect(res.headers.get('cache-control')).toBe('public, no-cache');
      const etag = res.headers.get('etag')!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await rt.request(url, { headers: { 'if-none-match': etag } });
      expect(again.status, url).toBe(304);
    }
    for (const url of [hidden.imageUrl, hidden.thumbnailUrl, ...hidden.thumbnails.map((t) => t.url)]) {
      expect((await rt.request(url)).status, url).toBe(404);
      expect((await rt.request(url, as(bob))).status, url).toBe(404);
      const own = await rt.request(url, as(ada));
      expect(own.status, url).toBe(200);
      expect(own.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it('answers one public artwork to anyone; private (even to its owner), disabled-owner and deleted ones are 404', async () => {
    const open = await save(ada, true, 'a lighthouse');
    const hidden = await save(ada, false);
    const one = (path: string, init?: RequestInit) => rt.request(path, init);

    const visitor = await one(`/api/artworks/${open.id}`);
    expect(visitor.status).toBe(200);
    const { artwork } = (await visitor.json()) as ArtworkResponse;
    expect(artwork).toMatchObject({
      id: open.id,
      prompt: 'a lighthouse',
      authorName: 'ada.lovelace',
      userLiked: false,
    });
    expect(JSON.stringify(artwork)).not.toContain('ada.lovelace@example.com');

    for (const init of [undefined, as(bob), as(ada)]) {
      expect((await one(`/api/artworks/${hidden.id}`, init)).status).toBe(404);
    }
    expect((await one(`/api/artworks/${randomUUID()}`)).status).toBe(404);
    expect((await one('/api/artworks/not-a-uuid')).status).toBe(400);

    // Disabling the account takes its public artworks out, as the admin console does it.
    await hidePublicArtworks(rt.database.db, ada.userId);
    expect((await one(`/api/artworks/${open.id}`)).status).toBe(404);
    await restoreHiddenArtworks(rt.database.db, ada.userId);
    expect((await one(`/api/artworks/${open.id}`)).status).toBe(200);

    const gone = await save(ada, true);
    expect((await rt.request(`/api/artworks/${gone.id}`, as(ada, { method: 'DELETE' }))).status).toBe(204);
    expect((await one(`/api/artworks/${gone.id}`)).status).toBe(404);
  });

  it("makes an artwork's share image when first asked for: a 1200×630 JPEG, kept, private ones only for the owner", async () => {
    const open = await save(ada, true);
    const shareUrl = artworkShareImageUrl(open.id);
    const key = `artworks/${open.id}/share.jpg`;
    expect(await rt.storage.exists(key)).toBe(false);
    const res = await rt.request(shareUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    const image = Buffer.from(await res.arrayBuffer());
    expect(await sharp(image).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    // The 800×600 blue square (#3366cc), fitted whole in the middle: blue there.
    const middle = await sharp(image).extract({ left: 580, top: 295, width: 40, height: 40 }).stats();
    const [red, , blue] = middle.channels.map((channel) => channel.mean);
    expect(blue).toBeGreaterThan(150);
    expect(red).toBeLessThan(100);
    // Kept: the second answer is the stored file.
    expect(await rt.storage.exists(key)).toBe(true);
    expect(Buffer.from(await (await rt.request(shareUrl)).arrayBuffer()).equals(image)).toBe(true);

    const hidden = await save(ada, false);
    const hiddenUrl = artworkShareImageUrl(hidden.id);
    expect((await rt.request(hiddenUrl)).status).toBe(404);
    expect((await rt.request(hiddenUrl, as(bob))).status).toBe(404);
    expect(await rt.storage.exists(`artworks/${hidden.id}/share.jpg`)).toBe(false);
    const own = await rt.request(hiddenUrl, as(ada));
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');

    // Deleting the artwork deletes its share image with its other files.
    expect((await rt.request(`/api/artworks/${open.id}`, as(ada, { method: 'DELETE' }))).status).toBe(204);
    expect(await rt.storage.exists(key)).toBe(false);
    expect((await rt.request(shareUrl)).status).toBe(404);
  });

  it('lets only the owner publish, hide or delete an artwork', async () => {
    const hidden = await save(ada, false);
    const patch = (user: TestUser, isPublic: boolean) =>
      rt.request(
        `/api/artworks/${hidden.id}`,
        as(user, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ isPublic }),
        }),
      );
    expect((await patch(bob, true)).status).toBe(404);
    expect((await rt.request(`/api/artworks/${hidden.id}`, as(bob, { method: 'DELETE' }))).status).toBe(404);
    expect((await list('/api/artworks')).artworks.map((a) => a.id)).not.toContain(hidden.id);
    expect((await rt.request(hidden.imageUrl)).status).toBe(404);

    const published = await patch(ada, true);
    expect(published.status).toBe(200);
    expect(((await published.json()) as ArtworkResponse).artwork.isPublic).toBe(true);
    expect((await list('/api/artworks')).artworks.map((a) => a.id)).toContain(hidden.id);
    expect((await rt.request(hidden.imageUrl)).status).toBe(200);

    expect((await rt.request(`/api/artworks/${hidden.id}`, as(ada, { method: 'DELETE' }))).status).toBe(204);
    expect((await list('/api/me/artworks', as(ada))).artworks.map((a) => a.id)).not.toContain(hidden.id);
    const folder = `artworks/${hidden.id}`;
    for (const key of [`${folder}/original.png`, `${folder}/w320.webp`, `${folder}/w640.webp`]) {
      expect(await rt.storage.exists(key), key).toBe(false);
    }
    expect((await rt.request(`/api/artworks/${hidden.id}`, as(ada, { method: 'DELETE' }))).status).toBe(404);
  });

  it('lets only the owner rename an artwork: trimmed, at most the limit, empty gives the default name back', async () => {
    const artwork = await save(ada, true, 'a red kite');
    expect(artwork.title).toBeNull();
    const rename = (user: TestUser, body: unknown) =>
      rt.request(
        `/api/artworks/${artwork.id}`,
        as(user, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      );
    expect((await rename(bob, { title: 'Mine now' })).status).toBe(404);

    const renamed = await rename(ada, { title: '  Kite over the dunes  ' });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as ArtworkResponse).artwork).toMatchObject({
      title: 'Kite over the dunes',
      isPublic: true,
    });
    expect((await list('/api/artworks')).artworks.find((a) => a.id === artwork.id)?.title).toBe('Kite over the dunes');

    const tooLong = await rename(ada, { title: 'x'.repeat(ARTWORK_TITLE_MAX_LENGTH + 1) });
    expect(tooLong.status).toBe(400);
    const error = ((await tooLong.json()) as { error: { code: string; issues: unknown[] } }).error;
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.issues).toContainEqual(
      expect.objectContaining({ field: 'title', problem: 'too_long', limit: ARTWORK_TITLE_MAX_LENGTH }),
    );
    expect((await rename(ada, { title: 'two\nlines' })).status).toBe(400);
    expect((await rename(ada, {})).status).toBe(400);
    // Nothing of a refused request was stored.
    const [row] = await rt.database.db.select().from(artworks).where(eq(artworks.id, artwork.id));
    expect(row?.title).toBe('Kite over the dunes');

    const cleared = await rename(ada, { title: '   ' });
    expect(((await cleared.json()) as ArtworkResponse).artwork.title).toBeNull();
  });

  it('needs a login to like, is idempotent, counts each user once and never goes below zero', async () => {
    const art = await save(ada, true);
    const like = (user: TestUser | null, method: 'PUT' | 'DELETE') =>
      rt.request(
        `/api/artworks/${art.id}/like`,
        user ? as(user, { method }) : { method, headers: { origin: rt.config.publicUrl } },
      );
    const state = async (res: Response) => {
      expect(res.status).toBe(200);
      return (await res.json()) as LikeResponse;
    };

    const visitor = await like(null, 'PUT');
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });

    expect(await state(await like(bob, 'PUT'))).toEqual({ likesCount: 1, userLiked: true });
    expect(await state(await like(bob, 'PUT'))).toEqual({ likesCount: 1, userLiked: true });
    expect(await state(await like(ada, 'PUT'))).toEqual({ likesCount: 2, userLiked: true });
    const seenByBob = (await list('/api/artworks', as(bob))).artworks.find((a) => a.id === art.id);
    expect(seenByBob).toMatchObject({ likesCount: 2, userLiked: true });
    expect((await list('/api/artworks')).artworks.find((a) => a.id === art.id)?.userLiked).toBe(false);

    expect(await state(await like(bob, 'DELETE'))).toEqual({ likesCount: 1, userLiked: false });
    expect(await state(await like(bob, 'DELETE'))).toEqual({ likesCount: 1, userLiked: false });
    expect(await state(await like(ada, 'DELETE'))).toEqual({ likesCount: 0, userLiked: false });
    expect(await state(await like(ada, 'DELETE'))).toEqual({ likesCount: 0, userLiked: false });

    // Concurrent likes and unlikes still settle on the truth.
    await Promise.all([like(bob, 'PUT'), like(bob, 'PUT'), like(ada, 'PUT'), like(ada, 'DELETE')]);
    const [row] = await rt.database.db.select().from(artworks).where(eq(artworks.id, art.id));
    const likes = await rt.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM artwork_likes WHERE artwork_id = $1',
      [art.id],
    );
    expect(row!.likesCount).toBe(likes.rows[0]!.n);

    // The database itself refuses a negative count.
    await expect(
      rt.database.db.update(artworks).set({ likesCount: -1 }).where(eq(artworks.id, art.id)),
    ).rejects.toThrow();

    const hidden = await save(ada, false);
    expect((await rt.request(`/api/artworks/${hidden.id}/like`, as(bob, { method: 'PUT' }))).status).toBe(404);
  });

  it('pages 23 public artworks as 20 + 3, newest first, without repeats (also on equal timestamps)', async () => {
    const carol = await signUpTestUser(rt);
    const saved: string[] = [];
    for (let i = 0; i < 23; i++) saved.push((await save(carol, true, `paging ${i}`)).id);

    const walk = async () => {
      const first = await list('/api/me/artworks', as(carol));
      expect(first.artworks).toHaveLength(ARTWORKS_PAGE_SIZE);
      expect(first.nextCursor).toBeTruthy();
      const second = await list(`/api/me/artworks?cursor=${first.nextCursor}`, as(carol));
      expect(second.artworks).toHaveLength(3);
      expect(second.nextCursor).toBeNull();
      return [...first.artworks, ...second.artworks];
    };

    const pages = await walk();
    expect(pages.map((a) => a.id)).toEqual([...saved].reverse());
    const times = pages.map((a) => Date.parse(a.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // The public feed pages the same way: the 23 are its newest rows.
    const publicFirst = await list('/api/artworks');
    expect(publicFirst.artworks.map((a) => a.id)).toEqual([...saved].reverse().slice(0, ARTWORKS_PAGE_SIZE));

    // Rows saved in the same instant are ordered by id and still never repeat or vanish.
    await rt.database.db
      .update(artworks)
      .set({ createdAt: sql`'2000-01-01T00:00:00.123456Z'::timestamptz` })
      .where(eq(artworks.userId, carol.userId));
    const tied = (await walk()).map((a) => a.id);
    expect(new Set(tied).size).toBe(23);
    expect(tied).toEqual([...saved].sort().reverse());

    expect((await rt.request('/api/artworks?cursor=not-a-cursor')).status).toBe(400);
  });

  it("names the author by username, else the e-mail's local part — never the full e-mail", async () => {
    const art = await save(ada, true);
    const authorOf = async () => (await list('/api/artworks')).artworks.find((a) => a.id === art.id)?.authorName;
    expect(await authorOf()).toBe('ada.lovelace');
    const listing = JSON.stringify(await list('/api/artworks'));
    expect(listing).not.toContain('@example.com');

    await rt.database.db.update(profiles).set({ username: 'countess' }).where(eq(profiles.userId, ada.userId));
    expect(await authorOf()).toBe('countess');
    await rt.database.db.update(profiles).set({ username: null, email: '' }).where(eq(profiles.userId, ada.userId));
    expect(await authorOf()).toBe('Unknown');
  });
});

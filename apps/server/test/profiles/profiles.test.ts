import { AVATAR_MAX_BYTES, AVATAR_SIZE_PX } from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { artworks, authSessions, authUsers, creditLedger, profiles, runs } from '../../src/platform/db/schema/index.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { as, signIn, signUpTestUser, type TestUser } from '../support/users.ts';

type Me = { profile: { username: string | null; avatarUrl: string | null; updatedAt: string } };

describeOnEachDatabase('profile', (kind) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime(kind);
  });
  afterAll(() => rt?.close());

  const patchMe = (user: TestUser, body: unknown) =>
    rt.request(
      '/api/me',
      as(user, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    );
  const uploadAvatar = (user: TestUser, bytes: Uint8Array, name: string, type: string) => {
    const form = new FormData();
    form.set('file', new File([bytes], name, { type }));
    return rt.request('/api/me/avatar', as(user, { method: 'PUT', body: form }));
  };

  describe('username', () => {
    it('accepts 3-20 letters, digits and underscores and refuses anything else', async () => {
      const user = await signUpTestUser(rt);
      for (const bad of ['ab', 'a'.repeat(21), 'has space', 'dash-name', 'émile', 'semi;colon']) {
        const res = await patchMe(user, { username: bad });
        expect(res.status, bad).toBe(400);
        expect(await res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
      }
      for (const good of ['abc', 'A_1', 'a'.repeat(20)]) {
        const res = await patchMe(user, { username: good });
        expect(res.status, good).toBe(200);
        expect(((await res.json()) as Me).profile.username).toBe(good);
      }
    });

    it('is unique ignoring case (409 USERNAME_TAKEN), and blank removes it', async () => {
      const ada = await signUpTestUser(rt);
      const bob = await signUpTestUser(rt);
      expect((await patchMe(ada, { username: 'Ada_L' })).status).toBe(200);
      const taken = await patchMe(bob, { username: 'ada_l' });
      expect(taken.status).toBe(409);
      expect(await taken.json()).toMatchObject({ error: { code: 'USERNAME_TAKEN' } });

      const cleared = await patchMe(ada, { username: '   ' });
      expect(((await cleared.json()) as Me).profile.username).toBeNull();
      expect((await patchMe(bob, { username: 'ada_l' })).status).toBe(200);
    });

    it('signs in by username ignoring case; an unknown one is "Username not found"', async () => {
      const user = await signUpTestUser(rt);
      await patchMe(user, { username: 'Grace_H' });
      const ok = await signIn(rt, { username: 'grace_h' }, user.password);
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { user: { id: string } }).user.id).toBe(user.userId);
      const wrong = await signIn(rt, { username: 'GRACE_H' }, 'wrong password');
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toMatchObject({ error: { code: 'INVALID_CREDENTIALS' } });
      const unknown = await signIn(rt, { username: 'nobody_here' }, user.password);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({
        error: { code: 'USERNAME_NOT_FOUND', message: 'Username not found' },
      });
    });

    it('stores the interface language', async () => {
      const user = await signUpTestUser(rt);
      const res = await patchMe(user, { language: 'zh-TW' });
      expect(await res.json()).toMatchObject({ profile: { language: 'zh-TW' } });
      expect((await patchMe(user, { language: 'fr' })).status).toBe(400);
    });
  });

  describe('avatar', () => {
    const jpeg = () =>
      sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 80, b: 40 } } })
        .withExif({ IFD0: { Copyright: 'secret location' } })
        .jpeg()
        .toBuffer();

    it('accepts a real JPEG, stores it re-encoded without metadata and serves it publicly', async () => {
      const user = await signUpTestUser(rt);
      const res = await uploadAvatar(user, await jpeg(), 'me.jpg', 'image/jpeg');
      expect(res.status).toBe(200);
      const { avatarUrl } = ((await res.json()) as Me).profile;
      expect(avatarUrl).toMatch(new RegExp(`^/files/avatars/${user.userId}/[0-9a-f]+\\.webp$`));

      const file = await rt.request(avatarUrl!);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/webp');
      expect(file.headers.get('cache-control')).toContain('max-age');
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX });
      expect(meta.exif).toBeUndefined();

      // Replacing removes the previous file; removing clears the URL and the file.
      const second = ((await (await uploadAvatar(user, await jpeg(), 'b.jpg', 'image/jpeg')).json()) as Me).profile
        .avatarUrl;
      expect(second).not.toBe(avatarUrl);
      expect((await rt.request(avatarUrl!)).status).toBe(404);
      const removed = await rt.request('/api/me/avatar', as(user, { method: 'DELETE' }));
      expect(((await removed.json()) as Me).profile.avatarUrl).toBeNull();
      expect((await rt.request(second!)).status).toBe(404);
    });

    it('refuses a text file named .png, whatever its declared type', async () => {
      const user = await signUpTestUser(rt);
      const res = await uploadAvatar(user, new TextEncoder().encode('not an image at all'), 'photo.png', 'image/png');
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'INVALID_IMAGE' } });
    });

    it('refuses more than 5 MB with 413', async () => {
      const user = await signUpTestUser(rt);
      const res = await uploadAvatar(user, new Uint8Array(AVATAR_MAX_BYTES + 1), 'big.jpg', 'image/jpeg');
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
      const huge = await uploadAvatar(user, new Uint8Array(AVATAR_MAX_BYTES * 2), 'huge.jpg', 'image/jpeg');
      expect(huge.status).toBe(413);
    });

    it('needs a session', async () => {
      const form = new FormData();
      form.set('file', new File([await jpeg()], 'me.jpg'));
      const res = await rt.request('/api/me/avatar', {
        method: 'PUT',
        body: form,
        headers: { origin: rt.config.publicUrl },
      });
      expect(res.status).toBe(401);
    });
  });

  describe('account deletion', () => {
    it('removes the rows and files, ends the sessions, and the account can no longer sign in', async () => {
      const user = await signUpTestUser(rt);
      const avatar = (
        (await (
          await uploadAvatar(
            user,
            await sharp({ create: { width: 64, height: 64, channels: 3, background: 'blue' } })
              .png()
              .toBuffer(),
            'a.png',
            'image/png',
          )
        ).json()) as Me
      ).profile.avatarUrl!;
      // A finished run and an artwork saved from it: their rows and files must go too.
      const started = await rt.request(
        '/api/tools/image-generation/runs',
        as(user, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"prompt":"a fox"}' }),
      );
      expect(started.status).toBe(202);
      const runId = ((await started.json()) as { run: { id: string } }).run.id;
      type Run = { status: string; outputs: { url: string }[] };
      const run = await vi.waitFor(
        async () => {
          const { run } = (await (await rt.request(`/api/runs/${runId}`, as(user))).json()) as { run: Run };
          if (run.status !== 'succeeded' && run.status !== 'failed') throw new Error(`run still ${run.status}`);
          return run;
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(run.status).toBe('succeeded');
      const saved = await rt.request(
        '/api/artworks',
        as(user, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            runId,
            outputIndex: 0,
            prompt: 'a fox',
            toolType: 'image-generation',
            isPublic: false, // a demo result is kept privately
          }),
        }),
      );
      expect(saved.status).toBe(201);
      const artwork = ((await saved.json()) as { artwork: { id: string; imageUrl: string } }).artwork;
      expect((await rt.request(artwork.imageUrl, as(user))).status).toBe(200);

      const res = await rt.request('/api/me', as(user, { method: 'DELETE' }));
      expect(res.status).toBe(204);
      expect(res.headers.getSetCookie().join('\n')).toMatch(/atelier\.session_token=;/);

      const db = rt.database.db;
      expect(await db.select().from(authUsers).where(eq(authUsers.id, user.userId))).toEqual([]);
      expect(await db.select().from(authSessions).where(eq(authSessions.userId, user.userId))).toEqual([]);
      expect(await db.select().from(profiles).where(eq(profiles.userId, user.userId))).toEqual([]);
      expect(await db.select().from(creditLedger).where(eq(creditLedger.userId, user.userId))).toEqual([]);
      expect(await db.select().from(runs).where(eq(runs.userId, user.userId))).toEqual([]);
      expect(await db.select().from(artworks).where(eq(artworks.userId, user.userId))).toEqual([]);
      expect((await rt.request(avatar)).status).toBe(404);
      expect((await rt.request(artwork.imageUrl)).status).toBe(404);
      expect(await rt.storage.exists(run!.outputs[0]!.url.replace('/files/', ''))).toBe(false);
      expect(await rt.storage.exists(artwork.imageUrl.replace('/files/', ''))).toBe(false);
      expect((await rt.request('/api/me', as(user))).status).toBe(401);
      expect((await signIn(rt, { email: user.email }, user.password)).status).toBe(401);
    });
  });

  it('documents the profile routes in /api/openapi.json', async () => {
    const doc = (await (await rt.request('/api/openapi.json')).json()) as { paths: Record<string, object> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/me', '/me/avatar', '/auth/providers', '/auth/sign-in/username']),
    );
  });
});

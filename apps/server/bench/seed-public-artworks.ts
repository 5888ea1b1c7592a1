// Seeds a running app (a bench's fresh data dir) with a user and public artworks made of real
// images, through the artworks module's own storage and insert, so pages show real thumbnails.
import sharp from 'sharp';
import { storeArtworkFiles } from '../src/modules/artworks/artwork-files.ts';
import { insertArtwork } from '../src/modules/artworks/repo.ts';
import type { Runtime } from '../src/server.ts';

/** Signs a user up through the API; answers the session cookie and the user's id. */
export async function signUpBenchUser(base: string): Promise<{ cookie: string; userId: string }> {
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      email: `lighthouse-${Date.now()}@example.com`,
      password: 'correct horse battery',
      name: 'lh',
    }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { user } = (await res.json()) as { user: { id: string } };
  return { cookie, userId: user.id };
}

/** Public artworks with real images and thumbnails, as the gallery shows them; answers their ids. */
export async function seedPublicArtworks(rt: Runtime, userId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const height = 768 + (i % 3) * 256;
    const png = await sharp({
      create: { width: 1024, height, channels: 3, background: { r: (i * 37) % 256, g: (i * 91) % 256, b: 160 } },
    })
      .png()
      .toBuffer();
    const sourceKey = `bench/lighthouse-${i}.png`;
    await rt.storage.put(sourceKey, png, 'image/png');
    const id = crypto.randomUUID();
    const files = await storeArtworkFiles(rt.storage, id, sourceKey);
    if (!files) throw new Error('seed image vanished');
    await insertArtwork(rt.database.db, {
      id,
      userId,
      outputIndex: 0,
      ...files,
      width: 1024,
      height,
      prompt: `a quiet harbour at dawn, study number ${i}`,
      toolType: 'image-generation',
      isPublic: true,
      likesCount: i % 7,
    });
    ids.push(id);
  }
  return ids;
}

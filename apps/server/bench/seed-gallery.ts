// Seeds a gallery of benchmark size into an already migrated PostgreSQL database, entirely in
// SQL (generate_series), so a million artworks and ten million likes take minutes, not hours.
//
//   npx tsx bench/seed-gallery.ts postgres://…/db [artworks] [likes-per-artwork-average]
import { pathToFileURL } from 'node:url';
import pg from 'pg';

export interface GallerySeed {
  artworks: number;
  users: number;
  /** Artwork i gets (i mod (2 × average + 1)) likes: from 0 up, averaging this. */
  averageLikes: number;
}

export const DEFAULT_SEED: GallerySeed = { artworks: 1_000_000, users: 20_000, averageLikes: 10 };

export const benchUserId = (n: number) => `bench-user-${n}`;

/** Runs the seed on one connection; answers the row counts it made. */
export async function seedGallery(client: pg.ClientBase, seed: GallerySeed = DEFAULT_SEED) {
  const spread = 2 * seed.averageLikes + 1;
  // The stride walks users so that one artwork's likers are all different (it is prime and
  // smaller than the user count, and an artwork has fewer than `spread` likes).
  const stride = 1999;
  if (spread > seed.users || seed.users % stride === 0) throw new Error('users must exceed the likes per artwork');

  // Bulk load: no per-row foreign-key triggers (the data is valid by construction), no WAL wait.
  await client.query(`SET session_replication_role = replica`);
  await client.query(`SET synchronous_commit = off`);
  await client.query(`SET maintenance_work_mem = '512MB'`);

  await client.query(
    `INSERT INTO profiles (user_id, email, username, referral_code)
     SELECT 'bench-user-' || u, 'creator' || u || '@example.com',
            CASE WHEN u % 2 = 0 THEN 'creator_' || u END, 'BENCH' || u
     FROM generate_series(0, $1::int - 1) AS u`,
    [seed.users],
  );

  // One artwork a second back in time, nine in ten public; ids are stable (md5 of the number).
  await client.query(
    `INSERT INTO artworks (id, user_id, output_index, image_key, thumbnails, width, height, prompt,
                           tool_type, is_public, likes_count, created_at, updated_at)
     SELECT id, 'bench-user-' || (i % $2::int), 0,
            'artworks/' || id || '/original.png',
            jsonb_build_array(
              jsonb_build_object('key', 'artworks/' || id || '/w320.webp', 'width', 320, 'height', 320 * h / 1024),
              jsonb_build_object('key', 'artworks/' || id || '/w640.webp', 'width', 640, 'height', 640 * h / 1024)),
            1024, h, 'benchmark artwork number ' || i, 'image-generation', i % 10 <> 0,
            i % $3::int, now() - i * interval '1 second', now() - i * interval '1 second'
     FROM (SELECT i, md5(i::text)::uuid AS id, 768 + (i % 3) * 256 AS h
           FROM generate_series(1, $1::int) AS i) AS s`,
    [seed.artworks, seed.users, spread],
  );

  // The primary key and the user index are built once after the load, not row by row.
  await client.query(`ALTER TABLE artwork_likes DROP CONSTRAINT artwork_likes_artwork_id_user_id_pk`);
  await client.query(`DROP INDEX artwork_likes_user_idx`);
  await client.query(
    `INSERT INTO artwork_likes (artwork_id, user_id, created_at)
     SELECT md5(i::text)::uuid, 'bench-user-' || ((i * 7 + k * $4::int) % $2::int), now()
     FROM generate_series(1, $1::int) AS i, generate_series(0, $3::int - 2) AS k
     WHERE k < i % $3::int`,
    [seed.artworks, seed.users, spread, stride],
  );
  await client.query(
    `ALTER TABLE artwork_likes ADD CONSTRAINT artwork_likes_artwork_id_user_id_pk PRIMARY KEY (artwork_id, user_id)`,
  );
  await client.query(`CREATE INDEX artwork_likes_user_idx ON artwork_likes (user_id)`);
  await client.query(`SET session_replication_role = DEFAULT`);
  await client.query(`VACUUM ANALYZE profiles, artworks, artwork_likes`);

  const counts = await client.query<{ artworks: number; likes: number }>(
    `SELECT (SELECT count(*) FROM artworks)::int AS artworks, (SELECT count(*) FROM artwork_likes)::int AS likes`,
  );
  return counts.rows[0]!;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [url, artworks] = process.argv.slice(2);
  if (!url) {
    console.error('usage: seed-gallery.ts <postgres url of a migrated database> [artworks]');
    process.exit(2);
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  const counts = await seedGallery(client, { ...DEFAULT_SEED, artworks: Number(artworks ?? DEFAULT_SEED.artworks) });
  console.log(`seeded ${counts.artworks} artworks and ${counts.likes} likes in ${(Date.now() - started) / 1000}s`);
  await client.end();
}

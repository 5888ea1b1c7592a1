// The public gallery at scale: 1 M artworks and 10 M likes on PostgreSQL.
//
// 1. Throughput of the gallery's first-page SQL at concurrency 32, through our code
//    (drizzle + the DTO mapping of the service) and through pgbench running the same SQL text:
//    the ratio is what our layer costs on top of the database.
// 2. Latency of page 10 000 against page 1: keyset pagination makes them equal (an OFFSET
//    listing, shown for contrast, grows with the page number).
//
// Needs BENCH_DATABASE_URL (or TEST_DATABASE_URL): a server where it may create a database.
// The seeded database is kept (named after the schema and the seed) and reused by later runs.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ARTWORKS_PAGE_SIZE } from '@atelier/contracts';
import pg from 'pg';
import { encodeCursor } from '../src/modules/artworks/feed-cursor.ts';
import { publicFeedQuery } from '../src/modules/artworks/repo.ts';
import { listPublicArtworks } from '../src/modules/artworks/service.ts';
import { migrationsFolder } from '../src/platform/db/migrations-folder.ts';
import { openDatabase } from '../src/platform/db/open-database.ts';
import { benchUserId, DEFAULT_SEED, seedGallery } from './seed-gallery.ts';

const CONCURRENCY = 32;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const LATENCY_SAMPLES = 300;
const DEEP_PAGE = 10_000;

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.log(
    'skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server to run the gallery benchmark.',
  );
  process.exit(0);
}

/** A database per schema version and seed, so a changed migration never meets stale tables. */
function benchDatabaseName(): string {
  const hash = createHash('sha256');
  for (const file of fs
    .readdirSync(migrationsFolder())
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(fs.readFileSync(path.join(migrationsFolder(), file)));
  }
  hash.update(JSON.stringify(DEFAULT_SEED));
  return `atelier_bench_gallery_${hash.digest('hex').slice(0, 10)}`;
}

function urlOf(database: string): string {
  const url = new URL(adminUrl!);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Creates, migrates and seeds the bench database unless a finished one is there. */
async function prepareDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount! > 0;
    if (exists) {
      const probe = new pg.Client({ connectionString: urlOf(name) });
      await probe.connect();
      const done = await probe
        .query(`SELECT obj_description('artworks'::regclass) = 'seeded' AS done`)
        .catch(() => null);
      await probe.end();
      if (done?.rows[0]?.done) {
        console.log(`reusing the seeded database ${name}`);
        return;
      }
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    }
    // Older bench databases (other schema versions) only take disk space.
    const stale = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE 'atelier_bench_gallery_%' AND datname <> $1`,
      [name],
    );
    for (const row of stale.rows) await admin.query(`DROP DATABASE ${row.datname} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }

  const migrated = await openDatabase({ databaseUrl: urlOf(name), poolSize: 1 });
  await migrated.close();
  const client = new pg.Client({ connectionString: urlOf(name) });
  await client.connect();
  const started = Date.now();
  console.log(
    `seeding ${DEFAULT_SEED.artworks} artworks and ~${DEFAULT_SEED.artworks * DEFAULT_SEED.averageLikes} likes…`,
  );
  const counts = await seedGallery(client);
  await client.query(`COMMENT ON TABLE artworks IS 'seeded'`);
  await client.end();
  console.log(
    `seeded ${counts.artworks} artworks, ${counts.likes} likes in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}

const randomViewer = () => benchUserId(Math.floor(Math.random() * DEFAULT_SEED.users));

/** Runs `task` in `concurrency` loops for the duration; answers operations per second. */
async function throughput(task: () => Promise<unknown>, concurrency: number, seconds: number): Promise<number> {
  const until = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        await task();
        done++;
      }
    }),
  );
  return done / seconds;
}

async function latencies(task: () => Promise<unknown>, samples: number): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = process.hrtime.bigint();
    await task();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(samples * 0.5)]!, p95: times[Math.floor(samples * 0.95)]! };
}

/**
 * pgbench running the gallery's SQL text, with a random viewer per transaction. Simple query
 * mode: like node-postgres's unnamed statements it plans every call, and pgbench's extended
 * modes would read the `:MI` inside the to_char format as a variable.
 */
function pgbenchThroughput(url: string, sqlText: string): number | string {
  const found = spawnSync('pgbench', ['--version'], { encoding: 'utf8' });
  if (found.error || found.status !== 0)
    return 'pgbench not installed (Debian: postgresql-contrib / postgresql-client)';
  const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-')), 'gallery.sql');
  fs.writeFileSync(script, `\\set u random(0, ${DEFAULT_SEED.users - 1})\n${sqlText.replace(/\s+/g, ' ')};\n`);
  const res = spawnSync(
    'pgbench',
    [
      '-n',
      '-M',
      'simple',
      '-c',
      String(CONCURRENCY),
      '-j',
      String(Math.min(CONCURRENCY, os.cpus().length)),
      '-T',
      String(DURATION_S),
      '-f',
      script,
      url,
    ],
    { encoding: 'utf8' },
  );
  const tps = /tps = ([\d.]+)/.exec(res.stdout);
  return tps ? Number(tps[1]) : `pgbench failed: ${(res.stderr || res.stdout).trim().split('\n').at(-1)}`;
}

const name = benchDatabaseName();
await prepareDatabase(name);
const database = await openDatabase({ databaseUrl: urlOf(name), poolSize: CONCURRENCY });
const { db } = database;

// The SQL of the first page as the endpoint runs it; the viewer becomes pgbench's variable.
const first = publicFeedQuery(db, 'VIEWER', null, ARTWORKS_PAGE_SIZE + 1).toSQL();
const pgbenchSql = first.sql.replace('$1', `('bench-user-' || :u)`).replace('$2', String(ARTWORKS_PAGE_SIZE + 1));

// Warm the caches first, so whichever contender runs first is not the one paying for disk reads.
await throughput(() => listPublicArtworks(db, randomViewer()), CONCURRENCY, 3);
console.log(`throughput at concurrency ${CONCURRENCY}, ${DURATION_S} s each…`);
const viaPgbench = pgbenchThroughput(urlOf(name), pgbenchSql);
const viaDriver = await throughput(
  () => database.query(first.sql, [randomViewer(), ARTWORKS_PAGE_SIZE + 1]),
  CONCURRENCY,
  DURATION_S,
);
const viaService = await throughput(() => listPublicArtworks(db, randomViewer()), CONCURRENCY, DURATION_S);

// The cursor after page DEEP_PAGE - 1, found once by OFFSET (the slow way, on purpose).
const deepOffset = (DEEP_PAGE - 1) * ARTWORKS_PAGE_SIZE;
const [deepRow] = (
  await database.query<{ created_at: string; id: string }>(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at, id
     FROM artworks WHERE is_public ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT 1`,
    [deepOffset - 1],
  )
).rows;
if (!deepRow) throw new Error(`the seed has fewer than ${deepOffset} public artworks`);
const deepCursor = encodeCursor({ createdAt: deepRow.created_at, id: deepRow.id });

console.log(`latency over ${LATENCY_SAMPLES} sequential requests…`);
const page1 = await latencies(() => listPublicArtworks(db, randomViewer()), LATENCY_SAMPLES);
const pageDeep = await latencies(() => listPublicArtworks(db, randomViewer(), deepCursor), LATENCY_SAMPLES);
const offsetSql = `SELECT id FROM artworks WHERE is_public ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT ${ARTWORKS_PAGE_SIZE}`;
const offsetDeep = await latencies(() => database.query(offsetSql, [deepOffset]), 20);
const offsetFirst = await latencies(() => database.query(offsetSql, [0]), 20);
await database.close();

const ms = (n: number) => `${n.toFixed(2)} ms`;
const perSecond = (n: number | string) => (typeof n === 'number' ? `${n.toFixed(0)}/s` : n);
const ratio = (a: number, b: number | string) => (typeof b === 'number' ? `${(a / b).toFixed(2)}×` : '—');
console.log(
  `\nGallery benchmark — ${DEFAULT_SEED.artworks} artworks, ~${DEFAULT_SEED.artworks * DEFAULT_SEED.averageLikes} likes, database ${name}\n`,
);
console.table([
  { measure: `first page SQL, pgbench (baseline), c=${CONCURRENCY}`, value: perSecond(viaPgbench), ratio: '1.00×' },
  {
    measure: `first page SQL, node-postgres, c=${CONCURRENCY}`,
    value: perSecond(viaDriver),
    ratio: ratio(viaDriver, viaPgbench),
  },
  {
    measure: `listPublicArtworks (drizzle + DTOs), c=${CONCURRENCY}`,
    value: perSecond(viaService),
    ratio: ratio(viaService, viaPgbench),
  },
  { measure: 'keyset page 1, p50 / p95', value: `${ms(page1.p50)} / ${ms(page1.p95)}`, ratio: '1.00×' },
  {
    measure: `keyset page ${DEEP_PAGE}, p50 / p95`,
    value: `${ms(pageDeep.p50)} / ${ms(pageDeep.p95)}`,
    ratio: ratio(pageDeep.p50, page1.p50),
  },
  // The contrast is ids only, straight SQL: its ratio is to its own page 1.
  { measure: 'OFFSET ids page 1 (contrast), p50', value: ms(offsetFirst.p50), ratio: '1.00×' },
  {
    measure: `OFFSET ids page ${DEEP_PAGE} (contrast), p50`,
    value: ms(offsetDeep.p50),
    ratio: ratio(offsetDeep.p50, offsetFirst.p50),
  },
]);

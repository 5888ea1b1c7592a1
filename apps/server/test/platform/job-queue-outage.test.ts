import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/platform/db/database.ts';
import { openDatabase } from '../../src/platform/db/open-database.ts';
import { type JobQueue, startJobQueue } from '../../src/platform/jobs/job-queue.ts';
import { createLogger } from '../../src/platform/logging/logger.ts';
import { openTestDatabase } from '../support/databases.ts';
import { proxyDatabaseUrl, type TcpProxy } from '../support/tcp-proxy.ts';

const QUEUE = 'outage-probe';

// The database has to go away between a job's handler and its completion: PostgreSQL behind a proxy.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the job queue, its database gone as a job ends', () => {
  let direct: DatabaseHandle & { url?: string };
  let proxy: TcpProxy;
  let database: DatabaseHandle;
  let queue: JobQueue;
  const logged: unknown[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    direct = await openTestDatabase('postgres');
    let throughProxy: string;
    ({ proxy, url: throughProxy } = await proxyDatabaseUrl(direct.url!));
    database = await openDatabase({ databaseUrl: throughProxy, poolSize: 2 });
    const logger = createLogger('silent');
    logger.error = ((...args: unknown[]) => {
      logged.push(args[0]);
    }) as typeof logger.error;
    queue = await startJobQueue(database, logger, {
      [QUEUE]: { retryLimit: 1, retryDelaySeconds: 0, expireInSeconds: 60 },
    });
    process.on('unhandledRejection', onUnhandled);
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await proxy?.restore();
    await queue?.stop();
    await database?.close();
    await proxy?.close();
    await direct?.close();
  });

  it('reports the failed completion as a queue error, never as an unhandled rejection that ends the process', async () => {
    let handled = false;
    await queue.work(QUEUE, 1, async () => {
      // The job's work is done; the database goes before the queue can mark it so.
      await proxy.cut();
      handled = true;
    });
    await queue.send(database.db, QUEUE, { probe: 1 });
    queue.wake(QUEUE);
    await expect.poll(() => handled, { timeout: 20_000 }).toBe(true);
    await expect.poll(() => logged.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(unhandled).toEqual([]);
  });
});

/**
 * Where the browser tests' servers listen. Each Playwright worker has an Atelier server and a
 * fake Apple of its own, with its own DATA_DIR: tests of one worker never see the rows, mails,
 * admin addresses or rate-limit counters of another's. Playwright loads its config again in
 * every worker process with TEST_PARALLEL_INDEX (0 … workers − 1) already set, so a worker's
 * baseURL names its own server; the runner itself (no index) starts all of them.
 */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3210);

/** One worker per core: each runs a browser and a server, which use about one core together. */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);

/** This worker's slot (0 in the runner process, which starts every server). */
export const e2eParallelIndex = () => Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** The Atelier server of a worker slot. */
export const e2eServerPort = (index = e2eParallelIndex()) => E2E_BASE_PORT + index;

/** Its Sign in with Apple stand-in (e2e/fakes/fake-apple.ts), 100 ports up. */
export const e2eApplePort = (index = e2eParallelIndex()) => e2eServerPort(index) + 100;

/** The server's DATA_DIR, relative to the repository root. */
export const e2eDataDir = (index = e2eParallelIndex()) => `.tmp/e2e-data-${e2eServerPort(index)}`;

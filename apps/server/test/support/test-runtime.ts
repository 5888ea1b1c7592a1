import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Engine } from '../../src/engines/engine.ts';
import { loadConfig } from '../../src/platform/config/config.ts';
import type { DatabaseHandle } from '../../src/platform/db/database.ts';
import { createLogger } from '../../src/platform/logging/logger.ts';
import { createRuntime, type Runtime } from '../../src/server.ts';
import { apiConformance } from './api-conformance.ts';
import { type DatabaseKind, openTestDatabase } from './databases.ts';
import { sharedEnginePool } from './shared-engine-pool.ts';

export interface TestRuntime extends Runtime {
  /**
   * Calls the app in-process, like a client would over HTTP. An answer of an API operation
   * that its OpenAPI document does not describe (an unlisted status, a body off its schema)
   * throws, so every integration test also checks the document.
   */
  request(pathname: string, init?: RequestInit): Promise<Response>;
  dataDir: string;
}

const conformance = apiConformance();

/** The whole app on a fresh database and a temporary DATA_DIR, without a socket. */
export async function createTestRuntime(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  overrides: {
    engines?: readonly Engine[];
    /** A database opened by the caller (through a proxy …) in place of a fresh one; closed with the runtime. */
    database?: DatabaseHandle;
    /**
     * Engine processes of this runtime's own, started on its first local run and ended with
     * it, instead of the worker's shared ones (shared-engine-pool.ts): for the pool's own tests.
     */
    ownEnginePool?: boolean;
  } = {},
): Promise<TestRuntime> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-test-'));
  const database = overrides.database ?? (await openTestDatabase(kind));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // Tests sign many people up from one in-process client; the sign-up limits' own tests set these.
    SIGN_UPS_PER_CLIENT_PER_HOUR: '10000',
    SIGN_UPS_PER_DOMAIN_PER_WINDOW: '10000',
    ...env,
  });
  const { ownEnginePool, ...given } = overrides;
  // Used only where the runtime works on runs (the run pipeline decides); made lazily, so an
  // API-only runtime starts no process.
  const enginePool = ownEnginePool ? undefined : sharedEnginePool(config.runs.enginePoolSize);
  const runtime = await createRuntime(config, { logger: createLogger('silent'), ...given, database, enginePool });
  return {
    ...runtime,
    dataDir,
    request: async (pathname, init) => {
      const url = new URL(pathname, 'http://localhost');
      const response = await runtime.app.request(url.toString(), init);
      const problem = await conformance.problem(init?.method ?? 'GET', url, response);
      if (problem) throw new Error(`The answer does not match the API document: ${problem}`);
      return response;
    },
    close: async () => {
      await runtime.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

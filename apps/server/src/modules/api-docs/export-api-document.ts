import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../platform/config/config.ts';
import { openDatabase } from '../../platform/db/open-database.ts';
import { createLogger } from '../../platform/logging/logger.ts';
import { createRuntime } from '../../server.ts';
import { adminApiDocument } from '../admin/routes.ts';
import type { BillingDeps } from '../billing/service.ts';

/**
 * The API documents as `/api/openapi.json` and (to admins) `/api/admin/openapi.json` serve them,
 * from a throwaway app (an in-memory database, a temporary folder, no worker): what
 * `npm run api:generate` writes into the client package. They do not depend on the configuration.
 */
export async function exportApiDocuments(): Promise<{ public: unknown; admin: unknown }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-api-document-'));
  const logger = createLogger('silent');
  const database = await openDatabase({ pgliteDir: 'memory://' });
  try {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WORKER: 'off' });
    const runtime = await createRuntime(config, { database, logger });
    try {
      const res = await runtime.app.request('http://localhost/api/openapi.json');
      if (!res.ok) throw new Error(`GET /api/openapi.json answered ${res.status}: ${await res.text()}`);
      const billing: BillingDeps = {
        db: database.db,
        paymentProvider: runtime.paymentProvider,
        publicUrl: config.publicUrl,
        logger,
      };
      return { public: await res.json(), admin: await adminApiDocument({ db: database.db, billing }) };
    } finally {
      await runtime.close();
    }
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

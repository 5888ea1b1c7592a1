// The built app served on a fresh data dir for a browser bench (Lighthouse, the phone profile):
// the same runtime `npm start` makes, on 127.0.0.1, silent, and removed again when closed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/platform/config/config.ts';
import type { WebBuild } from '../src/platform/http/web-app.ts';
import { createLogger } from '../src/platform/logging/logger.ts';
import { createRuntime, listen } from '../src/server.ts';

export async function startWebBenchServer(options: { web: WebBuild; port: number; name: string }) {
  const base = `http://127.0.0.1:${options.port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `atelier-bench-${options.name}-`));
  const runtime = await createRuntime(
    loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      WEB_DIST_DIR: path.dirname(options.web.clientDir),
    }),
    { logger: createLogger('silent') },
  );
  const { server } = await listen(runtime);
  return {
    base,
    runtime,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await runtime.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// `npm start` (and `npm run worker` with --worker, `npm run admin` with --admin): builds what is missing or out of date,
// then runs the server in this same process, so SIGTERM reaches its graceful shutdown. The npm
// scripts `exec` it, so npm's shell does not stand between npm and this process.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(root, ...p);

/** Newest modification time below a path (files only), 0 when it does not exist. */
function newest(p) {
  let stat;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const entry of fs.readdirSync(p)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    max = Math.max(max, newest(path.join(p, entry)));
  }
  return max;
}

const outputs = [
  'apps/web/dist/client/favicon.svg',
  'apps/web/dist/server/index.js',
  'apps/server/dist/main.js',
  'apps/server/dist/worker.js',
  'apps/server/dist/admin.js',
].map((file) => at(file));
const builtAt = Math.min(...outputs.map((f) => newest(f) || 0));
const sources = [
  'packages/contracts',
  'packages/api-client/src',
  'apps/web/src',
  'apps/web/public',
  'apps/web/react-router.config.ts',
  'apps/server/src',
];
const sourcesAt = Math.max(...sources.map((s) => newest(at(s))));

if (builtAt === 0 || sourcesAt > builtAt) {
  console.log(builtAt === 0 ? 'Building Atelier (first start)…' : 'Sources changed since the last build: rebuilding…');
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// --admin: the admin command line (`npm run admin -- grant <email>`), its arguments after the flag.
const entry = process.argv.includes('--worker')
  ? 'worker.js'
  : process.argv.includes('--admin')
    ? 'admin.js'
    : 'main.js';
// A supervisor that dies without passing its signal on (npm killed, a shell that does not
// forward) leaves this process orphaned, still holding its ports while a replacement starts.
// It notices that its parent is gone and stops as on SIGTERM: drained, handed back, exited.
if (entry !== 'admin.js') {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    process.kill(process.pid, 'SIGTERM');
  }, 1000);
  watch.unref();
}
await import(path.join(root, 'apps/server/dist', entry));

// `npm run bench`: runs every benchmark under apps/server/bench (TypeScript, through tsx) and
// prints their tables. Figures are ratios against a baseline measured in the same run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'apps/server/bench');
const files = fs.existsSync(dir)
  ? fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.bench.ts'))
      .sort()
  : [];
if (files.length === 0) {
  console.log('No benchmarks yet (apps/server/bench/*.bench.ts).');
  process.exit(0);
}
let failed = 0;
for (const file of files) {
  console.log(`\n## ${file}`);
  const res = spawnSync('npx', ['tsx', path.join(dir, file)], {
    cwd: path.join(root, 'apps/server'),
    stdio: 'inherit',
  });
  if (res.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
